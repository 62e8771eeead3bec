// What every classroom page shares: the websocket (reconnecting), elements made with
// textContent only (names and texts come from students: never parsed as markup), and the
// server's SVG picture parsed as XML and imported into the page.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function picture(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  for (const s of svg.querySelectorAll("script, foreignObject")) s.remove();
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  return svg;
}

function scenePoint(svg, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return {x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100};
}

// connect(onOpen, onMessage): a websocket to /ws that comes back after a drop
function connect(onOpen, onMessage) {
  const state = {socket: null, retry: 500};
  function open() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    state.socket = ws;
    ws.onopen = () => { state.retry = 500; document.body.classList.remove("offline"); onOpen(ws); };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data), ws);
    ws.onclose = () => {
      document.body.classList.add("offline");
      setTimeout(open, state.retry);
      state.retry = Math.min(state.retry * 2, 5000);
    };
  }
  open();
  return {send: (data) => state.socket && state.socket.readyState === 1 && state.socket.send(JSON.stringify(data))};
}

function eventsList(events) {
  return el("ol", {class: "events"}, ...events.map((line) => el("li", {text: line})));
}

function seatsList(seats, connected) {
  return el("ul", {class: "seats"}, ...seats.map((s, i) => el("li", {
    class: (s.free ? "free" : "taken") + (connected && connected[i] ? " online" : ""), text: s.who})));
}
