// The student's page: join with the code and a first name (the seat token is kept in this
// browser, so a closed tab or a lost network comes back to the same seat), then the table
// as this seat sees it; a click or tap on the picture goes to the server as a scene point.
// The keyboard plays too, with the notebook boards' keys: the arrows move a cursor over what
// may be chosen (the view's targets), Enter or Space chooses it, R (Shift+R) is the board's R
// (Forest turns the card). On a phone the picture is drawn large enough to tap (PHONE_SCALE),
// scrolling sideways, and comes into view where your turn's choices are.
"use strict";

const KEY = "savannah-kit-seat";
const PHONE_SCALE = 0.85;  // CSS pixels per unit of the picture, at least, on a narrow screen
const $ = (id) => document.getElementById(id);
let token = localStorage.getItem(KEY);
let svg = null;
let targets = [];  // what the keyboard cursor visits, in order
let cursor = -1;   // index into targets, -1: no cursor
let wasYours = false;

const link = connect((ws) => {
  if (token) ws.send(JSON.stringify({type: "hello", role: "student", token}));
  else showJoin();
}, receive);

function showJoin() {
  $("join").classList.remove("hidden");
  $("play").classList.add("hidden");
}

$("join").addEventListener("submit", (e) => {
  e.preventDefault();
  const table = $("table").value.trim();
  link.send({type: "join", code: $("code").value.trim(), name: $("name").value,
             table: table ? Number(table) : null});
});

function receive(msg) {
  if (msg.type === "seated") {
    token = msg.token;
    localStorage.setItem(KEY, token);
    $("join").classList.add("hidden");
    $("play").classList.remove("hidden");
  } else if (msg.type === "view") {
    show(msg);
  } else if (msg.type === "freed") {
    localStorage.removeItem(KEY);
    token = null;
    $("join-error").textContent = msg.reason;
    showJoin();
  } else if (msg.type === "error") {
    if (msg.field === "token") {  // a token this room does not know: join again
      localStorage.removeItem(KEY);
      token = null;
      showJoin();
    }
    const target = $("play").classList.contains("hidden") ? $("join-error") : $("error");
    target.textContent = msg.text;
  }
}

function show(view) {
  $("where").textContent = `Table ${view.table} · you are ${view.who}`;
  const status = $("status");
  status.textContent = view.status.text;
  status.className = `status ${view.status.kind}` + (view.yours ? " yours" : "");
  $("error").textContent = "";
  $("note").textContent = view.note;
  $("note").classList.toggle("hidden", !view.note);
  $("turn").textContent = view.turn + (view.paused ? " (paused)" : "");
  $("seats").replaceChildren(seatsList(view.seats));
  $("events").replaceChildren(eventsList(view.events));
  svg = picture(view.svg);
  svg.setAttribute("data-moves", String(view.moves));
  const lit = new Set(view.hits);
  for (const node of svg.querySelectorAll("[data-hit]")) {
    if (!lit.has(node.getAttribute("data-hit"))) node.removeAttribute("data-hit");
  }
  svg.addEventListener("click", (e) => {
    const p = scenePoint(svg, e);
    link.send({type: "click", token, x: p.x, y: p.y});
  });
  if (window.matchMedia("(max-width: 600px)").matches) {
    svg.style.minWidth = `${Math.round(svg.viewBox.baseVal.width * PHONE_SCALE)}px`;
  }
  $("picture").replaceChildren(svg);
  const keep = cursor >= 0 ? targets[cursor] : null;
  targets = view.targets;
  cursor = keep !== null && targets.includes(keep) ? targets.indexOf(keep) : (cursor >= 0 && targets.length ? 0 : -1);
  drawCursor();
  const first = svg.querySelector("[data-hit]");
  if (view.yours && !wasYours && first) first.scrollIntoView({block: "nearest", inline: "center"});
  wasYours = view.yours;
}

// the keyboard cursor: a frame around the target it is on, and its words said
function drawCursor() {
  if (!svg) return;
  for (const old of svg.querySelectorAll(".key-cursor")) old.remove();
  const hit = cursor >= 0 ? targets[cursor] : null;
  $("cursor").textContent = "";
  if (hit === null) return;
  const nodes = [...svg.querySelectorAll("[data-hit]")].filter((n) => n.getAttribute("data-hit") === hit);
  if (!nodes.length) return;
  const boxes = nodes.map((n) => n.getBBox());
  const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width)), y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const frame = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [k, v] of Object.entries({x: x0 - 5, y: y0 - 5, width: x1 - x0 + 10, height: y1 - y0 + 10, rx: 6,
                                       fill: "none", stroke: "#ff6f00", "stroke-width": 5, class: "key-cursor"})) {
    frame.setAttribute(k, v);
  }
  svg.append(frame);
  frame.scrollIntoView({block: "nearest", inline: "nearest"});
  const title = nodes.map((n) => n.querySelector("title")).find((t) => t);
  $("cursor").textContent = `${title ? title.textContent : hit} (${cursor + 1} of ${targets.length})`;
}

document.addEventListener("keydown", (e) => {
  if (!svg || !token || $("play").classList.contains("hidden") || e.target.closest("input, button, select")) return;
  const key = e.key;
  if (key.startsWith("Arrow")) {
    if (!targets.length) return;
    e.preventDefault();
    const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
    cursor = cursor < 0 ? (step > 0 ? 0 : targets.length - 1) : (cursor + step + targets.length) % targets.length;
    drawCursor();
  } else if ((key === "Enter" || key === " ") && cursor >= 0 && targets[cursor]) {
    e.preventDefault();
    link.send({type: "click", token, hit: targets[cursor]});
  } else if (key === "r" || key === "R") {
    link.send({type: "key", token, key: "r", shift: e.shiftKey});
  }
});
