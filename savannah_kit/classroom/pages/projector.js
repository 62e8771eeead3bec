// The projector: one table large (?table=N) or every table small; whose turn, the last
// events, never a hand (the server sends the table as nobody's seat sees it).
"use strict";

const one = new URLSearchParams(location.search).get("table");

connect((ws) => ws.send(JSON.stringify({type: "hello", role: "projector", table: one ? Number(one) : null})),
        (msg) => {
  if (msg.type !== "projector") return;
  document.getElementById("title").textContent = msg.game;
  document.getElementById("join").textContent = msg.join;
  document.getElementById("code").textContent = msg.code;
  const grid = document.getElementById("tables");
  grid.classList.toggle("single", msg.one !== null);
  for (const view of msg.tables) {
    let box = document.getElementById(`table-${view.table}`);
    if (!box) {
      box = el("section", {id: `table-${view.table}`, class: "one"});
      grid.append(box);
    }
    const svg = picture(view.svg);
    svg.setAttribute("data-moves", String(view.moves));
    const side = el("div", {class: "side"},
      el("div", {class: "turn", text: view.turn + (view.paused ? " (paused by the teacher)" : "")}),
      view.note ? el("div", {class: "note", text: view.note}) : null,
      seatsList(view.seats),
      eventsList(view.events));
    box.replaceChildren(el("h1", {text: `Table ${view.table}`}),
                        el("div", {class: "row"}, el("div", {class: "picture"}, svg), side));
  }
});
