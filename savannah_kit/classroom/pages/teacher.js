// The teacher's page (its address holds the teacher's secret): every table and seat, and
// the teacher's actions: pause and resume, undo, a hint to the table, a seat to a bot or
// freed, a new game, bots taking over seats left empty; the save files and the join QR code.
"use strict";

const secret = decodeURIComponent(location.pathname.split("/")[2]);
const base = `/teacher/${encodeURIComponent(secret)}`;
document.getElementById("qr").src = `${base}/qr.svg`;
document.getElementById("saves").href = `${base}/saves.zip`;
document.getElementById("projector").href = "/projector";
let bots = [];
let levels = {};

const link = connect((ws) => ws.send(JSON.stringify({type: "hello", role: "teacher", secret})), (msg) => {
  if (msg.type === "error") document.getElementById("error").textContent = msg.text;
  if (msg.type !== "room") return;
  document.getElementById("error").textContent = "";
  document.getElementById("title").textContent = msg.game;
  document.getElementById("join").textContent = msg.join;
  document.getElementById("code").textContent = msg.code;
  bots = msg.bots;
  levels = msg.levels || {};
  document.getElementById("tables").replaceChildren(...msg.tables.map(card));
});

function act(action, table, extra) {
  link.send(Object.assign({type: "teacher", secret, action, table}, extra || {}));
}

// the bots a teacher may seat: the levels first (the bots' rating table says which bot each is),
// then every bot by name
function botChoice(label, chosen) {
  const options = Object.entries(levels).map(([level, bot]) => el("option", {value: level, text: `${level} (${bot})`}))
    .concat(bots.map((b) => el("option", {value: b, text: b})));
  const choice = el("select", {"aria-label": label}, ...options);
  choice.value = chosen || ("medium" in levels ? "medium" : bots[0]);
  return choice;
}

function card(t) {
  const n = t.table;
  const level = botChoice(`bot taking over at table ${n}`, t.takeover);
  const takeover = el("input", {type: "checkbox", onchange: (e) => act("takeover", n, {on: e.target.checked, bot: level.value})});
  takeover.checked = Boolean(t.takeover);
  level.onchange = () => takeover.checked && act("takeover", n, {on: true, bot: level.value});
  const seats = t.seats.map((s, i) => {
    const choice = botChoice(`bot for seat ${i}`);
    return el("div", {class: "seat"},
      el("span", {class: "who" + (t.connected[i] ? " online" : ""), text: (t.connected[i] ? "● " : "○ ") + s.who}),
      choice,
      el("button", {text: "Bot plays", onclick: () => act("bot", n, {seat: i, bot: choice.value})}),
      el("button", {text: "Free", onclick: () => act("free", n, {seat: i})}));
  });
  return el("section", {class: "table-card", id: `table-${n}`},
    el("h1", {text: `Table ${n}` + (t.paused ? " (paused)" : "")}),
    el("div", {class: "turn", text: `${t.turn} ${t.moves} moves.`}),
    t.note ? el("div", {class: "note", text: t.note}) : null,
    el("div", {},
      el("button", {text: t.paused ? "Resume" : "Pause", onclick: () => act(t.paused ? "resume" : "pause", n)}),
      el("button", {text: "Undo", onclick: () => act("undo", n)}),
      el("button", {text: "Hint", onclick: () => act("hint", n)}),
      el("button", {text: "New game", onclick: () => confirm(`Start a new game at table ${n}?`) && act("reset", n)})),
    el("label", {}, takeover, " a bot plays a seat left empty: "), level,
    ...seats,
    eventsList(t.events));
}
