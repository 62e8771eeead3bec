"""The toy game's picture, board, sandbox and handout (its spec names them here, as a real game
names its ``render``, ``clicks``, ``widget``, ``sandbox`` and ``handout`` modules): each the smallest thing
the kit's shared parts accept."""

from savannah_kit.core import scene as sc
from savannah_kit.ui.clicks import Clicks
from toy_game import Add

#: (background, ink) of each theme
THEMES = {"light": ("#ffffff", "#222222"), "dark": ("#1e1e1e", "#eeeeee")}
CELL = 24


def scene(game, *, theme="light", viewer=None, highlights=()):
    """The track from 0 to the target, the total marked, and a button per move (``add:N``)."""
    if theme not in THEMES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    background, ink = THEMES[theme]
    width = (game.target + 1) * CELL + 20
    out = sc.Scene(width, 110, background=background, title=f"Race to {game.target}: total {game.state.total}")
    for n in range(game.target + 1):
        fill = "#f4b400" if n == game.state.total else "#dddddd"
        out.add(sc.rect(10 + n * CELL, 10, CELL - 2, CELL - 2, fill=fill, hit=f"cell:{n}",
                        stroke="#0b57d0" if f"cell:{n}" in highlights else None))
    for k, n in enumerate((1, 2, 0)):
        out.add(sc.rect(10 + k * 70, 50, 60, 30, fill="#e0e0e0", hit=f"add:{n}"),
                sc.text(40 + k * 70, 65, f"add {n}" if n else "roll", fill="#222222"))
    seen = "" if viewer is None else f" (as player {viewer} sees it)"
    out.add(sc.text(10, 98, f"player {game.current_player} to move{seen}" if not game.is_over else "over",
                    fill=ink, anchor="start"))
    return out


class ToyClicks(Clicks):
    """What a click on the toy's board does (no widgets)."""

    title = "Race to ten"

    def render(self):
        return scene(self.game, theme=self.theme)

    def clicked(self, hit):
        if hit.startswith("add:"):
            self.play(Add(int(hit[4:])), hit)

    def instruction(self):
        return "Game over." if self.game.is_over else "Click add 1, add 2 or roll."

    def describe(self, move, position):
        return f"player {position.current_player} adds {move.n or 'a roll'}"

    def sample_click(self):
        return "add:1", True


def board(game, *, theme="light", guided=False, branching=False, suggest=False, **options):
    """The toy's interactive board: its clicks in the shared widgets."""
    from savannah_kit.ui.board import Board

    class ToyBoard(ToyClicks, Board):
        pass

    made = ToyBoard(game, guided=guided, **options)
    made.theme = theme
    made = made.enable_suggest() if suggest else made
    return made.enable_branching() if branching else made


def set_total(data, total, **options):
    """The sandbox's one edit: the total becomes ``total``."""
    return dict(data, total=total)


class ToyEditor:
    """What the sandbox needs from a game (see ``savannah_kit.ui.sandbox``)."""

    title = "Race to ten"
    module = "toy_game"
    kept_options = ("target",)
    optional_fields = ("to_move",)
    tools = (("total", "Total", "Click a cell: the total becomes its number"),)

    def build(self, data, seed=0, **options):
        from toy_game import from_scenario

        return from_scenario(data, seed=seed, **options)

    def click(self, sandbox, hit):
        if hit.startswith("cell:"):
            n = int(hit[5:])
            return set_total, (n,), f"the total is {n}"
        return None

    def instruction(self, sandbox):
        return "Next click: a cell, and the total becomes its number."

    def render(self, sandbox, game):
        return scene(game, theme=sandbox.theme)

    def palette(self, sandbox):
        return []

    def key(self, sandbox, key, shift):
        pass

    def tool_changed(self, sandbox):
        pass

    def keyboard_order(self, sandbox, picture):
        return [h for h in picture.hits() if h.startswith("cell:")]


def sandbox(game, *, theme="light", play=True):
    from savannah_kit.ui.sandbox import Sandbox

    return Sandbox(game, ToyEditor(), theme=theme, play=play)


def handout():
    """The toy's one-page summary: two sections and its picture."""
    from toy_game import new_game

    from savannah_kit.teach.handout import Figure, Handout, Item, Section

    return Handout(
        title="Race to ten",
        lead="<b>2 players.</b> Add 1 or 2 to the total, or roll a die of 1-3; whoever reaches the target wins.",
        top=(Figure(scene(new_game(seed=1)), "The track, the total and the three moves."),),
        columns=((Section("A turn", (Item("Add 1 or 2, or roll.", ("forest.turn.take",)),)),),
                 (Section("The end", (Item("Reaching the target wins.", ("forest.end.winner",)),)),)),
        footer=("A toy game of the kit's tests.", "Its rule ids are borrowed."),
    )
