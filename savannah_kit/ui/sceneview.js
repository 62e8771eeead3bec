// The browser side of savannah_kit's boards: draws a scene (plain data sent by Python)
// on a <canvas>, and reports clicks, hovers and the board's keys back to Python.
//
// What it promises (each is a browser test):
// * the first click counts: the click position is read before anything moves, and the
//   canvas takes focus without scrolling the page;
// * no traps: only the board's keys (arrows, Enter, Space, R, U, and H in a board that
//   gives hints: one inside an element of class "sk-hints") are used; Tab, Escape and
//   the notebook's shortcuts (Shift+Enter too, the cursor on the board or not) pass
//   through, and so do the mouse wheel and touch scrolling;
// * a keyboard cursor (arrows, then Enter) reaches every clickable thing; after Enter, when
//   the choices change, it goes to the first new one (the spaces a card reaches...);
// * a pointer cursor and a tooltip over clickable things, decided here, without a round trip;
// * the picture scales to its column ("width") or to the window ("window", classroom
//   mode), and below ``min_width`` the page scrolls sideways instead of shrinking it;
// * the column's width goes to Python (``column``: at once, then at most every 200 ms while
//   it changes), so a board can choose an arrangement that reads well in it;
// * a screen reader can play: the canvas has a role and a name, a visually hidden
//   aria-live="polite" region says what happens (Python's ``announce``, ui/a11y.py) and what
//   the keyboard cursor is on, D asks for the whole position in words, and every button of
//   the board has a name in words (a symbol such as ↶ is left out of it);
// * the board follows the page's theme: JupyterLab's (or Voila's) light or dark theme is
//   read from the page and sent to Python, at once and whenever it changes.

const KINDS = ["rect", "circle", "polygon", "line", "text"];
const ALIGN = ["left", "center", "right"];
const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

function bbox(shape) {
  const [kind, , , ...g] = shape;
  if (kind === 0) return [g[0], g[1], g[2], g[3]];
  if (kind === 1) return [g[0] - g[2], g[1] - g[2], 2 * g[2], 2 * g[2]];
  if (kind === 2 || kind === 3) {
    const pts = g[0];
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < pts.length; i += 2) {
      x0 = Math.min(x0, pts[i]); x1 = Math.max(x1, pts[i]);
      y0 = Math.min(y0, pts[i + 1]); y1 = Math.max(y1, pts[i + 1]);
    }
    return [x0, y0, x1 - x0, y1 - y0];
  }
  return [g[0], g[1], 0, 0];
}

function contains(shape, x, y) {
  const [kind, , , ...g] = shape;
  if (kind === 0) return x >= g[0] && x <= g[0] + g[2] && y >= g[1] && y <= g[1] + g[3];
  if (kind === 1) return (x - g[0]) ** 2 + (y - g[1]) ** 2 <= g[2] ** 2;
  if (kind === 2) {
    const p = g[0];
    let inside = false;
    for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
      const [x1, y1, x2, y2] = [p[j], p[j + 1], p[i], p[i + 1]];
      if ((y1 > y) !== (y2 > y) && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
    }
    return inside;
  }
  return false;
}

function roundedRect(ctx, x, y, w, h, r) {
  r = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// A shape, once loaded: [kind, style ([fill, stroke, width, opacity, dash]), hit id or null, ...geometry].
function paint(ctx, scene) {
  ctx.clearRect(0, 0, scene.w, scene.h);
  if (scene.bg) {
    ctx.fillStyle = scene.bg;
    ctx.fillRect(0, 0, scene.w, scene.h);
  }
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const shape of scene.shapes) {
    const [kind, style, , ...g] = shape;
    const [fill, stroke, width, opacity, dash] = style;
    ctx.globalAlpha = opacity;
    if (kind === 4) {
      const [x, y, text, size, anchor, bold] = g;
      ctx.fillStyle = fill || "#000000";
      ctx.textAlign = ALIGN[anchor];
      ctx.textBaseline = "middle";
      ctx.font = `${bold ? "bold " : ""}${size}px ${FONT}`;
      ctx.fillText(text, x, y);
      continue;
    }
    ctx.setLineDash(dash || []);
    if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; }
    if (fill) ctx.fillStyle = fill;
    ctx.beginPath();
    if (kind === 0) {
      if (g[4]) roundedRect(ctx, g[0], g[1], g[2], g[3], g[4]);
      else ctx.rect(g[0], g[1], g[2], g[3]);
    } else if (kind === 1) {
      ctx.arc(g[0], g[1], g[2], 0, 2 * Math.PI);
    } else {
      const p = g[0];
      ctx.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
      if (kind === 2) ctx.closePath();
    }
    if (fill && kind !== 3) ctx.fill();
    if (stroke) ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
}

// The page's theme: JupyterLab marks its body with data-jp-theme-light; otherwise the
// theme's layout colour decides; null where the page says nothing (another front end).
function pageTheme() {
  const light = document.body.dataset.jpThemeLight;
  if (light === "true" || light === "false") return light === "true" ? "light" : "dark";
  const colour = getComputedStyle(document.body).getPropertyValue("--jp-layout-color0").trim();
  const probe = document.createElement("span");
  if (!colour) return null;
  probe.style.color = colour;
  document.body.appendChild(probe);
  const rgb = (getComputedStyle(probe).color.match(/\d+(\.\d+)?/g) || []).map(Number);
  probe.remove();
  if (rgb.length < 3) return null;
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] < 128 ? "dark" : "light";
}

function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "sk-sceneview";
  const canvas = document.createElement("canvas");
  canvas.tabIndex = 0;
  canvas.className = "sk-canvas";
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", "game board");
  const live = document.createElement("div");  // what happens, in words, for a screen reader
  live.className = "sk-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  wrap.appendChild(canvas);
  wrap.appendChild(live);
  el.appendChild(wrap);
  const ctx = canvas.getContext("2d");
  let scene = null;
  let scale = 1;
  let hover = null;
  let cursor = -1;   // index into the keyboard order, -1: none shown
  let order = [];    // hit ids the keyboard cursor visits, in reading order
  let touch = null;
  let pointerFocus = false;  // focus comes from a click (no keyboard cursor) or from Tab

  function keyboardOrder() {
    const wanted = model.get("keyboard");
    if (wanted && wanted.length) return wanted.filter((h) => scene.hits.includes(h));
    const first = new Map();
    for (const s of scene.shapes) if (s[2] !== null && !first.has(s[2])) first.set(s[2], bbox(s));
    return [...first.entries()].sort((a, b) => (Math.round(a[1][1] / 20) - Math.round(b[1][1] / 20)) ||
                                                (a[1][0] - b[1][0])).map((e) => e[0]);
  }

  function hitAt(x, y) {
    for (let i = scene.shapes.length - 1; i >= 0; i--) {
      const s = scene.shapes[i];
      if (s[2] !== null && contains(s, x, y)) return s[2];
    }
    return null;
  }

  function boxOf(hit) {
    const shape = scene.shapes.find((s) => s[2] === hit);
    return shape ? bbox(shape) : null;
  }

  function fitScale() {
    const avail = wrap.clientWidth || scene.w;
    const least = Math.min(1, model.get("min_width") / scene.w);
    let s = Math.min(avail / scene.w, model.get("fit") === "window" ? 8 : 1);
    if (model.get("fit") === "window") {
      const top = canvas.getBoundingClientRect().top + window.scrollY;
      // room under the picture: what the board shows there (the last events, whose size follows
      // the window), or the reserve Python asked for, whichever is more
      const board = el.closest(".sk-board");
      const below = board ? board.getBoundingClientRect().bottom - canvas.getBoundingClientRect().bottom : 0;
      const room = window.innerHeight - Math.min(top, window.innerHeight / 2) - Math.max(model.get("reserve"), below + 4);
      s = Math.min(s, room / scene.h);
    }
    return Math.max(s, least);
  }

  function draw() {
    if (!scene) return;
    scale = fitScale();
    const dpr = window.devicePixelRatio || 1;
    const cssW = Math.round(scene.w * scale), cssH = Math.round(scene.h * scale);
    canvas.style.width = `${cssW}px`;
    canvas.style.height = `${cssH}px`;
    if (canvas.width !== Math.round(cssW * dpr) || canvas.height !== Math.round(cssH * dpr)) {
      canvas.width = Math.round(cssW * dpr);
      canvas.height = Math.round(cssH * dpr);
    }
    canvas.dataset.scale = scale.toFixed(4);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    paint(ctx, scene);
    if (cursor >= 0 && order[cursor] && document.activeElement === canvas) {
      const b = boxOf(order[cursor]);
      if (b) {
        ctx.setLineDash([]);
        ctx.lineWidth = 5 / scale;
        ctx.strokeStyle = "#ffffff";
        ctx.strokeRect(b[0] - 4 / scale, b[1] - 4 / scale, b[2] + 8 / scale, b[3] + 8 / scale);
        ctx.lineWidth = 3 / scale;
        ctx.strokeStyle = "#0b3d91";
        ctx.strokeRect(b[0] - 4 / scale, b[1] - 4 / scale, b[2] + 8 / scale, b[3] + 8 / scale);
      }
    }
    canvas.dataset.cursor = cursor >= 0 && order[cursor] ? order[cursor] : "";
  }

  let entered = null;  // the keyboard order when Enter was pressed, until the next picture

  // A frame (ui/canvas.py scene_json) as the shapes to draw: each shape's style and hit id put in
  // place of their numbers, points out of tenths of a pixel, and the runs it copies from the whole
  // frame in the model's "base" ([-1, start, count]) taken from there; null if that frame is not
  // there (then Python is asked for the whole picture). The model's state alone is the picture: a
  // notebook saved with its widget state redraws without a kernel.
  let base = null;  // the decoded base frame
  function baseFrame(id) {
    if (!base || base.id !== id) {
      const whole = decode(model.get("base"), false);
      base = whole && whole.id === id ? whole : null;
    }
    return base;
  }

  function decode(raw, copying = true) {
    const data = typeof raw === "string" ? (raw ? JSON.parse(raw) : null) : raw;
    if (!data || !data.shapes) return null;
    const copies = copying && data.from !== undefined;
    const source = copies ? baseFrame(data.from) : null;
    if (copies && !source) {
      canvas.dataset.askedWhole = String(Number(canvas.dataset.askedWhole || 0) + 1);  // for tests: rare
      model.send({ event: "whole" });
      return null;
    }
    const shapes = [];
    for (const s of data.shapes) {
      if (s[0] === -1) {
        for (let i = s[1]; i < s[1] + s[2]; i++) shapes.push(source.shapes[i]);
        continue;
      }
      s[1] = data.styles[s[1]];
      s[2] = s[2] >= 0 ? data.hits[s[2]] : null;
      if (s[0] === 2 || s[0] === 3) s[3] = s[3].map((v) => v / 10);
      shapes.push(s);
    }
    const hits = [...new Set(shapes.map((s) => s[2]).filter((h) => h !== null))];
    return { id: data.id, w: data.w, h: data.h, bg: data.bg, title: data.title, shapes, hits,
             titles: copies ? Object.assign({}, source.titles, data.titles) : data.titles };
  }

  // The frame (when it is a new one) and the keyboard order, whichever of the two changed: a
  // frame is decoded once. They come in one message, whose changes the page may report in
  // either order.
  let loaded = null;  // the frame's text last decoded
  function load() {
    const raw = model.get("scene");
    const fromScene = raw !== loaded;
    if (fromScene) {
      const next = decode(raw);
      loaded = raw;  // one that cannot be decoded asked for the whole picture, once
      if (!next) return;
      scene = next;
    } else if (!scene) return;
    const keep = cursor >= 0 ? order[cursor] : null;
    order = keyboardOrder();
    cursor = keep !== null && order.includes(keep) ? order.indexOf(keep) : (cursor >= 0 && order.length ? 0 : -1);
    if (fromScene && entered !== null) {
      // the first picture after Enter: if the choices changed, the cursor goes to the first new
      // one (a lit space after a card, Play after a hand card), else to the first; and says so
      const before = entered;
      entered = null;
      if (order.length && order.join("\n") !== before.join("\n")) {
        const fresh = order.findIndex((h) => !before.includes(h));
        cursor = fresh >= 0 ? fresh : 0;
        say(`Cursor on ${cursorWords(order[cursor])} (${cursor + 1} of ${order.length}).`, true);
        send("hover", order[cursor], null, null);
      }
    }
    if (!fromScene) { if (cursor >= 0) draw(); return; }
    let least = Infinity;  // the smallest font (scene units): times data-scale, the smallest text on screen
    for (const s of scene.shapes) if (s[0] === 4 && String(s[5]).trim()) least = Math.min(least, s[6]);
    canvas.dataset.smallestText = least === Infinity ? "" : String(least);
    canvas.setAttribute("aria-label", (scene.title ? scene.title + ". " : "") + (model.get("label") || "game board"));
    canvas.dataset.title = scene.title || "";
    draw();
  }

  // The words of one action come in a few messages (log lines, then the status, the cursor's
  // target): gathered for a moment, they are said as one announcement.
  let pending = [];
  let last = [];  // said after the rest: where the cursor went comes after what happened
  let flush = null;
  function say(text, after) {
    if (!text) return;
    (after ? last : pending).push(text);
    if (flush === null) {
      flush = setTimeout(() => {
        const words = pending.concat(last).join(" ");
        pending = [];
        last = [];
        flush = null;
        live.textContent = "";  // the same words again are a change, and said again
        requestAnimationFrame(() => { live.textContent = words; live.dataset.count = String(++said); });
      }, 60);
    }
  }
  let said = 0;
  function announced() {
    const a = model.get("announce");
    if (a && a.length === 2) say(a[1]);
  }

  function nameButtons() {
    // every button of the board has a name in words: "↶ Undo" is read "Undo"
    const board = el.closest(".sk-board") || wrap.closest(".sk-board");
    if (!board) return;
    for (const b of board.querySelectorAll("button")) {
      const words = (b.textContent || "").replace(/[^\p{L}\p{N}\s,.'’()?-]/gu, "").trim();
      if (words && words !== (b.textContent || "").trim()) b.setAttribute("aria-label", words);
      else if (!words && b.title) b.setAttribute("aria-label", b.title);
    }
  }

  function cursorWords(hit) {
    const title = scene.titles[hit];
    return title ? title : hit.replace(/[:_-]+/g, " ");
  }

  function scenePoint(clientX, clientY) {
    const r = canvas.getBoundingClientRect();
    return [((clientX - r.left) / r.width) * scene.w, ((clientY - r.top) / r.height) * scene.h];
  }

  function send(event, hit, x, y) {
    model.send({ event, hit, x, y });
  }

  canvas.addEventListener("pointerdown", (e) => {
    if (!scene || e.button !== 0) return;
    const [x, y] = scenePoint(e.clientX, e.clientY);  // read first: nothing may move before this
    if (e.pointerType === "touch") {  // a tap, unless the finger moves (then the page scrolls)
      touch = { x: e.clientX, y: e.clientY, sx: x, sy: y };
      return;
    }
    cursor = -1;
    send("click", hitAt(x, y), x, y);
  });
  // The browser would focus the canvas on mousedown and scroll it into view: focus it here
  // instead, without scrolling. (The mousedown itself still reaches the notebook, which
  // makes this cell the active one.)
  canvas.addEventListener("mousedown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();  // no focus scroll, no text selection
    pointerFocus = true;
    canvas.focus({ preventScroll: true });
    pointerFocus = false;
  });
  canvas.addEventListener("pointerup", (e) => {
    if (!touch || e.pointerType !== "touch") return;
    const moved = Math.hypot(e.clientX - touch.x, e.clientY - touch.y) > 10;
    const t = touch;
    touch = null;
    if (!moved) send("click", hitAt(t.sx, t.sy), t.sx, t.sy);
  });
  canvas.addEventListener("pointercancel", () => { touch = null; });
  canvas.addEventListener("pointermove", (e) => {
    if (!scene || e.pointerType === "touch") return;
    const [x, y] = scenePoint(e.clientX, e.clientY);
    const hit = hitAt(x, y);
    canvas.style.cursor = hit === null ? "default" : "pointer";
    if (hit !== hover) {
      hover = hit;
      canvas.title = hit !== null && scene.titles[hit] ? scene.titles[hit] : "";
      send("hover", hit, x, y);
    }
  });
  canvas.addEventListener("pointerleave", () => {
    if (hover !== null) { hover = null; send("hover", null, null, null); }
  });
  canvas.addEventListener("keydown", (e) => {
    if (!scene || e.ctrlKey || e.metaKey || e.altKey) return;  // the notebook's shortcuts pass
    const key = e.key;
    if (key === "ArrowRight" || key === "ArrowDown" || key === "ArrowLeft" || key === "ArrowUp") {
      if (!order.length) return;
      const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
      cursor = cursor < 0 ? (step > 0 ? 0 : order.length - 1) : (cursor + step + order.length) % order.length;
      draw();
      say(`${cursorWords(order[cursor])} (${cursor + 1} of ${order.length}).`);
      send("hover", order[cursor], null, null);
    } else if (key === "Enter" || key === " ") {
      if (e.shiftKey || cursor < 0 || !order[cursor]) return;  // Shift+Enter runs the cell, as anywhere
      entered = order.slice();
      send("click", order[cursor], null, null);
    } else if (key === "r" || key === "R" || key === "u" || key === "U" || key === "d" || key === "D" ||
               ((key === "h" || key === "H") && canvas.closest(".sk-hints"))) {
      model.send({ event: "key", key: key.toLowerCase(), shift: e.shiftKey });
    } else if (key === "Escape") {
      // leave the board: back to the notebook (command mode) or the page
      canvas.blur();
      const home = canvas.closest(".jp-Notebook");
      if (home) home.focus();
      return;
    } else {
      return;  // Tab and everything else: not ours
    }
    e.preventDefault();
    e.stopPropagation();
  });
  canvas.addEventListener("focus", () => {
    // reached with Tab: show the keyboard cursor at once, so the keys have somewhere to start
    if (!pointerFocus && cursor < 0 && order.length) {
      cursor = 0;
      say(`${cursorWords(order[0])} (1 of ${order.length}).`);
      send("hover", order[0], null, null);
    }
    nameButtons();
    draw();
  });
  canvas.addEventListener("blur", draw);
  // no wheel or touchmove handler: scrolling over the board scrolls the page

  model.on("change:scene", () => { load(); nameButtons(); });
  model.on("change:announce", announced);
  model.on("change:keyboard", load);
  model.on("change:fit", draw);
  model.on("change:min_width", draw);
  model.on("change:reserve", draw);
  let theme = null;
  function themeChanged() {
    const now = pageTheme();
    if (now && now !== theme) {
      theme = now;
      canvas.dataset.theme = now;
      model.send({ event: "theme", theme: now });
    }
  }
  const themes = new MutationObserver(() => setTimeout(themeChanged, 50));  // after the theme's CSS
  themes.observe(document.body, { attributes: true });
  themes.observe(document.head, { childList: true });
  setTimeout(themeChanged, 0);
  // the column's width, for Python to choose the picture's arrangement: the first at once, then
  // once the width has settled (a window dragged wider sends one width, not fifty)
  let column = 0;
  let settle = null;
  function measured() {
    const w = Math.round(wrap.clientWidth);
    if (!w || w === column) return;
    clearTimeout(settle);
    const tell = () => { column = w; model.set("column", w); model.save_changes(); };
    if (column === 0) tell();
    else settle = setTimeout(tell, 200);
  }
  const resized = new ResizeObserver(() => { draw(); measured(); });
  resized.observe(wrap);
  window.addEventListener("resize", draw);
  load();
  setTimeout(nameButtons, 0);  // the board's buttons are in the page once this view is
  return () => {
    resized.disconnect();
    clearTimeout(settle);
    themes.disconnect();
    window.removeEventListener("resize", draw);
  };
}

export default { render };
