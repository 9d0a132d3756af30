"""The language server's view of a folder of sources: which game a file belongs to, the editor's unsaved
text laid over the files on disk, and the check of what an edit affects, with the same loading machinery as
`cardlang check` (compile/sources.py finds a game's files, compile/game.py checks them). Knows no game, and
nothing of the protocol: it takes paths and texts and gives errors and indexes (index.py).

What an edit re-checks (issue 27 asks for "what it affects, not the world"): an edit to a scenario re-parses
that scenario only; an edit to a card, rules or bot file re-checks its own game (never the other games),
re-parsing only the files whose text changed (the unchanged ones come from the parser's cache) and checking
the game whole. The trees of files on disk are kept in memory while their size and time stay the same, and
an open document's while its text does. One card is not re-checked alone against the last compiled game: how a card compiles depends
on all the others (the properties some card modifies, the values a `trigger` of another card passes, cycles
between properties, which verbs stay flat), so a card checked alone could pass where `cardlang check` fails,
and the editor would disagree with `check`. A whole check of one game takes a fraction of a second (about 0.1 s
for one of the larger games on an idle machine; the editor's benchmark in tools/ measures it).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from cardlang.compile.sources import (CARD_SUFFIX, RULES_SUFFIX, SCENARIO_SUFFIX, game_ids, game_sources,
                                      project_root, shown_path)
from cardlang.errors import CardCompileError, CardLangError, ErrorList, Span
# (a file larger than the parser takes is not read for hover and references either)
from cardlang.syntax.parser import MAX_SOURCE_BYTES

SUFFIXES = (CARD_SUFFIX, RULES_SUFFIX, SCENARIO_SUFFIX)


def real(path: Path | str) -> Path:
    """PATH made absolute and resolved (how open documents and spans are matched)."""
    return Path(os.path.realpath(os.path.abspath(path)))


def span_file(span: Span) -> Path:
    """The file a span names (spans name files relative to the working folder, as `check` prints them)."""
    return real(span.path)


@dataclass
class Options:
    """What `cardlang lsp` was started with: the folder (games/ and cards/ under it), loose files' game, and
    expansion folders added to every game's load, as `cardlang check --game --with` take them."""

    folder: Path | None = None
    game: str | None = None
    with_: list[Path] = field(default_factory=list)


@dataclass
class Checked:
    """What a check of one game or one scenario found: errors and warnings by file, the files it read."""

    owner: str
    problems: dict[Path, list[CardLangError]]
    files: list[Path]
    game: object | None = None  # the CompiledGame, when it loaded


class Workspace:
    """Open documents over the files on disk, and the checks of the games and scenarios they belong to."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.docs: dict[Path, str] = {}
        self._trees: dict[Path, tuple[str, object]] = {}  # an open document's last parse: (text, tree or error)
        self._disk: dict[Path, tuple[tuple, object]] = {}  # a file's tree, by its time, size and shown path
        self._saved_only = False  # a check of the files as saved (check_game's SAVED)

    # --- documents -------------------------------------------------------------------------------------
    def open(self, path: Path, text: str) -> None:
        self.docs[real(path)] = text

    def close(self, path: Path) -> None:
        self.docs.pop(real(path), None)
        self._trees.pop(real(path), None)

    def text(self, path: Path) -> str | None:
        """The text of PATH as the editor has it (unsaved edits), else as on disk; None if unreadable."""
        p = real(path)
        if p in self.docs:
            return self.docs[p]
        try:
            data = p.read_bytes()
            return None if len(data) > MAX_SOURCE_BYTES else data.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    # --- which game a file belongs to --------------------------------------------------------------------
    def owner(self, path: Path) -> str | None:
        """The game whose load reads PATH (a card or rules file under cards/<id>/ or games/<id>/, or under a
        --with folder or loose with --game), or None for a scenario or a file no game reads."""
        p = real(path)
        if p.suffix == SCENARIO_SUFFIX or p.suffix not in SUFFIXES:
            return None
        root = real(project_root())
        ids = game_ids()
        for folder in ("cards", "games"):
            base = root / folder
            if p.is_relative_to(base) and len(p.parts) > len(base.parts) + 1 and p.parts[len(base.parts)] in ids:
                return p.parts[len(base.parts)]
        return self.options.game

    def extra(self, game_id: str, path: Path | None = None) -> list[Path]:
        """The expansion folders and loose files a load of GAME_ID takes (as `check` gives them)."""
        extra = list(self.options.with_)
        if path is not None and game_id == self.options.game and self.owner(path) == game_id:
            p = real(path)
            if not any(p.is_relative_to(real(f)) for f in extra) and not p.is_relative_to(real(project_root())
                                                                                      / "cards" / game_id) \
                    and not p.is_relative_to(real(project_root()) / "games" / game_id):
                extra.append(p)  # a loose card, checked as a card of --game
        return extra

    # --- checks ------------------------------------------------------------------------------------------
    def check(self, path: Path) -> Checked:
        """Check what PATH belongs to: its game, or the scenario itself."""
        p = real(path)
        if p.suffix == SCENARIO_SUFFIX:
            return self.check_scenario(p)
        if p.suffix not in SUFFIXES:
            return Checked(str(p), {p: []}, [p])  # not a cardlang source (the client sent it all the same)
        gid = self.owner(p)
        if gid is None:
            why = ("not in a game's folder, so it can only be checked as part of a game: start the server with "
                   f"--game GAME (games: {', '.join(game_ids())})")
            return Checked(str(p), {p: [CardCompileError(why, Span(shown_path(p), 1, 1, 1, 1))]}, [p])
        return self.check_game(gid, self.extra(gid, p))

    def check_game(self, game_id: str, extra: list[Path] | None = None, saved: bool = False) -> Checked:
        """Load GAME_ID from the open documents and the files on disk, as `cardlang check` would after saving
        (SAVED: from the files on disk only, for an index to start from while the edited text has errors)."""
        if saved:
            self._saved_only = True
            try:
                return self.check_game(game_id, extra)
            finally:
                self._saved_only = False
        from cardlang.compile.checks import warnings_of
        from cardlang.compile.game import check_parsed
        extra = self.extra(game_id) if extra is None else extra
        rule_paths, card_paths, _, extra_rule_paths = game_sources(game_id, extra, [])
        card_paths = card_paths + self._unsaved(card_paths, project_root() / "cards" / game_id, CARD_SUFFIX)
        rule_paths = rule_paths + self._unsaved(rule_paths, project_root() / "games" / game_id, RULES_SUFFIX)
        errors: list[CardLangError] = []
        rules = self._parse_all(rule_paths, errors)
        cards = self._parse_all(card_paths, errors)
        extra_rules = self._parse_all(extra_rule_paths, errors)
        files = [real(f) for f in rule_paths + card_paths + extra_rule_paths]
        game, found = None, []
        try:
            game = check_parsed(game_id, rules, cards, extra_rules, errors)
            found = sorted(warnings_of(game), key=lambda w: (w.span.path, w.span.line, w.span.column))
        except ErrorList as e:
            found = e.errors
        return Checked(game_id, _by_file(found, files), files, game)

    def check_scenario(self, path: Path) -> Checked:
        """Parse a scenario file, as `cardlang check` does (running it is the code lens's)."""
        p = real(path)
        errors: list[CardLangError] = []
        tree = self.parse(p, errors)
        if tree is not None:
            for d in tree.decls:
                if type(d).__name__ != "ScenarioDecl":
                    errors.append(CardCompileError("scenario files hold scenarios only", d.span))
                    break  # (check stops at the first, as load_scenarios does)
        return Checked(str(p), _by_file(errors, [p]), [p])

    def _unsaved(self, found: list[Path], folder: Path, suffix: str) -> list[Path]:
        """Open documents under FOLDER not yet on disk (a new card, never saved): the load reads them too."""
        if self._saved_only:
            return []
        have = {real(f) for f in found}
        base = real(folder)
        return sorted(p for p in self.docs if p.suffix == suffix and p not in have and p.is_relative_to(base))

    def _parse_all(self, paths: list[Path], errors: list[CardLangError]) -> list:
        return [t for t in (self.parse(p, errors) for p in paths) if t is not None]

    def parse(self, path: Path, errors: list[CardLangError]):
        """The syntax tree of PATH (the open document's text if open), adding to ERRORS what is wrong."""
        from cardlang.compile.game import parse_files
        p = real(path)
        text = None if self._saved_only else self.docs.get(p)
        shown = shown_path(Path(path))
        if text is None:  # a file on disk: its tree is kept while its size and time are the same
            try:
                st = p.stat()
                key: tuple | None = (st.st_mtime_ns, st.st_size, shown)
            except OSError:
                key = None  # parse_files says why it cannot be read
            kept = self._disk.get(p)
            if key is not None and kept is not None and kept[0] == key:
                return kept[1]
            found = parse_files([Path(path)], errors)
            if found and key is not None:
                self._disk[p] = (key, found[0])
            return found[0] if found else None
        last = self._trees.get(p)
        if last is None or last[0] != text:
            from cardlang.syntax.parser import parse
            try:
                tree: object = parse(text, shown)
            except CardLangError as e:
                tree = e
            except RecursionError:
                tree = CardCompileError("this file nests too deep to check", Span(shown, 1, 1, 1, 1))
            last = self._trees[p] = (text, tree)
        if isinstance(last[1], CardLangError):
            errors.append(last[1])
            return None
        return last[1]


def _by_file(found: list[CardLangError], files: list[Path]) -> dict[Path, list[CardLangError]]:
    """FOUND grouped by the file each names; every one of FILES gets a list (empty: its old marks clear)."""
    out: dict[Path, list[CardLangError]] = {f: [] for f in files}
    for e in found:
        out.setdefault(span_file(e.span), []).append(e)
    return out
