// The student's page: join with the code and a first name (the seat token is kept in this
// browser, so a closed tab or a lost network comes back to the same seat), then the table
// as this seat sees it; a click or tap on the picture goes to the server as a scene point.
"use strict";

const KEY = "savannah-kit-seat";
const $ = (id) => document.getElementById(id);
let token = localStorage.getItem(KEY);
let svg = null;

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
  $("picture").replaceChildren(svg);
}
