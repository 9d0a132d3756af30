"""`cardlang lsp`: the Language Server Protocol wiring (pygls) of the workspace (workspace.py), the indexes
(index.py) and the features (features.py), on stdin and stdout.

Every parse, check and scenario run happens on one checking thread, in the order asked: the compiler is
never run by two threads at once, and the protocol's thread stays free to answer. An edit that arrives while
its game is being checked makes that check's result stale: it is dropped (never published) and the game is
checked again with the new text. Diagnostics go out first; the game's index (index.py) is then made on the
checking thread and replaces the last one whole. Hover, completion, definition and references read the
index, waiting only for one being made after a check that has just finished, never for a check. Whatever a handler raises becomes an error
answer (pygls), and nothing but the protocol ever reaches stdout: the real stdout is kept for the protocol
and file descriptor 1 and sys.stdout point to stderr. Python's automatic cycle collector is off while it serves:
the server sweeps the games its checks dropped at quiet moments (CardlangServer.sweep). Knows no game.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from cardlang.compile.sources import SCENARIO_SUFFIX, game_ids, project_root
from cardlang.errors import CardLangError
from cardlang.lsp import features as F
from cardlang.lsp.index import GameIndex, build_index
from cardlang.lsp.workspace import Checked, Options, Workspace, real

logger = logging.getLogger(__name__)


class CardlangServer(LanguageServer):
    """The server's state: the workspace, the last index and game of each game, the lens results."""

    def __init__(self, options: Options) -> None:
        super().__init__("cardlang", "0.1.0", text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.options = options
        self.ws = Workspace(options)
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlang-check")
        self.indexes: dict[str, GameIndex] = {}
        self.games: dict[str, object] = {}           # the last game that loaded clean, for scenario runs
        self.generation: dict[str, int] = {}         # per game or scenario: edits seen
        self.marked: dict[str, set[Path]] = {}       # per game or scenario: files with diagnostics shown
        self.results: dict[Path, dict[str, tuple[bool, str]]] = {}  # scenario lens results by file and name
        self.failures: dict[Path, dict[str, CardLangError]] = {}  # why each scenario failed its last run
        self.indexing: dict[str, asyncio.Future] = {}  # per game: the index being made after a check
        self.shut_down = False
        self.checking = 0                            # checks asked for and not yet published or dropped
        self.unswept = 0                             # checks since the last sweep (collect)
        self._sweep_later: asyncio.TimerHandle | None = None

    async def on_worker(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.worker, fn, *args)

    # --- memory: the cycle collector run at quiet moments ------------------------------------------------
    # Each check builds a whole game (some 80,000 objects, full of cycles: syntax nodes, the compiler,
    # generated functions) and drops the last one. Left to Python's collector, the dropped games piled up
    # until a full collection (memory doubled over the first few hundred edits) and the collections ran
    # inside checks (a fifth of a check's time, and the spikes). serve() turns the automatic collector off;
    # the server sweeps SWEEP_AFTER after the last check ended (if no other is running), and, under edits
    # that never pause, before a check when SWEEP_EVERY checks went unswept (memory stays flat). A sweep
    # holds the interpreter (a tenth of a second per game dropped): in a pause of typing, mostly nobody waits
    # for it; before a check, that check's diagnostics wait, not a hover or completion being answered.
    SWEEP_AFTER = 0.15  # seconds of quiet after a check
    SWEEP_EVERY = 12    # checks

    def checked(self) -> None:
        """A check is done (published or dropped): sweep at the next pause."""
        self.unswept += 1
        if self._sweep_later is not None:
            self._sweep_later.cancel()
        self._sweep_later = asyncio.get_running_loop().call_later(self.SWEEP_AFTER, self._quiet_sweep)

    def _quiet_sweep(self) -> None:
        self._sweep_later = None
        if self.checking == 0:  # (else the check running schedules the next try when it is done)
            asyncio.ensure_future(self.on_worker(self.sweep))

    def sweep_now_and_then(self) -> None:
        """Sweep every minute what requests other than edits left (an idle server answering hovers)."""
        if gc.get_count()[0] > 10_000 and self.checking == 0:
            asyncio.ensure_future(self.on_worker(self.sweep))
        asyncio.get_running_loop().call_later(60, self.sweep_now_and_then)

    def sweep(self) -> None:
        """Collect the dropped games (on the checking thread)."""
        self.unswept = 0
        gc.collect()

    def sweep_if_due(self) -> None:
        """Before a check (on the checking thread): sweep if too many checks went unswept."""
        if self.unswept >= self.SWEEP_EVERY:
            self.sweep()


def uri_of(path: str | Path) -> str:
    return from_fs_path(str(real(path))) or str(path)


def path_of(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri)


def kind_of(path: Path) -> str:
    if path.suffix == SCENARIO_SUFFIX:
        return "scenario"
    if path.suffix == ".cl":
        return "bot" if "bots" in path.parts else "rules"
    return "card"


def make_server(options: Options) -> CardlangServer:
    server = CardlangServer(options)

    @server.feature(T.INITIALIZE)
    def initialize(ls: CardlangServer, params: T.InitializeParams) -> None:
        folder = options.folder
        if folder is None:
            roots = [f.uri for f in params.workspace_folders or []] or ([params.root_uri] if params.root_uri else [])
            folder = next((path_of(u) for u in roots if (path_of(u) / "games").is_dir()), None)
        if folder is not None:
            use_folder(folder)
        ls.sweep_now_and_then()

    @server.feature(T.SHUTDOWN)
    def shutdown(ls: CardlangServer, params: None) -> None:
        ls.shut_down = True

    # --- documents and diagnostics ----------------------------------------------------------------------
    async def changed(ls: CardlangServer, uri: str) -> None:
        path = path_of(uri)
        doc = ls.workspace.get_text_document(uri)
        owner = ls.ws.owner(path) or str(real(path))
        # counted before anything waits: a check already running for this game is stale from now on
        gen = ls.generation[owner] = ls.generation.get(owner, 0) + 1
        if path.suffix == SCENARIO_SUFFIX:
            if ls.ws.docs.get(real(path)) != doc.source:
                ls.results.pop(real(path), None)   # the last runs were of another text
                ls.failures.pop(real(path), None)
            gid = scenario_game(doc.source)
            if gid and gid not in ls.indexes:  # its game first: its index, for hover and completion in it
                ls.generation[gid] = ls.generation.get(gid, 0) + 1
                await recheck(ls, None, gid, ls.generation[gid])
        await recheck(ls, path, owner, gen, doc.source)

    async def recheck(ls: CardlangServer, path: Path | None, owner: str, gen: int, text: str | None = None) -> None:
        def job() -> Checked | None:
            if text is not None:
                ls.ws.open(path, text)  # (on the checking thread, in the order the edits came)
            if ls.generation.get(owner) != gen:
                return None  # a newer edit came: its own check follows
            ls.sweep_if_due()
            try:
                return ls.ws.check(path) if path is not None else ls.ws.check_game(owner)
            except Exception as e:  # noqa: BLE001 - a checker bug must not stop the server: shown, logged
                logger.exception("check failed")
                return e

        def index(checked: Checked) -> None:
            """The game's index, after its diagnostics are out (a large game's takes a while to make)."""
            if ls.generation.get(owner) != gen:
                return
            gid = path and ls.ws.owner(path) or (owner if path is None else None)
            try:
                loaded = checked if checked.game is not None else \
                    ls.ws.check_game(gid, saved=True) if gid and gid not in ls.indexes else None
                if loaded is not None and loaded.game is not None:  # (the saved files', while the text has errors)
                    ls.indexes[loaded.owner] = build_index(loaded.game, loaded.files, ls.ws.text)
                    ls.games[loaded.owner] = loaded.game
            except Exception:  # noqa: BLE001 - hover keeps the last index
                logger.exception("indexing failed")
        ls.checking += 1
        try:
            await published(ls, owner, gen, path, job, index)
        finally:
            ls.checking -= 1
            ls.checked()

    async def published(ls: CardlangServer, owner: str, gen: int, path: Path | None, job, index) -> None:
        checked = await ls.on_worker(job)
        if isinstance(checked, Exception):
            ls.window_show_message(T.ShowMessageParams(
                T.MessageType.Error, f"cardlang: the check failed: {checked.__class__.__name__}: {checked}"))
            return
        if checked is None or ls.generation.get(owner) != gen:
            return  # stale: the text changed while it ran
        publish(ls, owner, checked, path)
        making = ls.indexing[owner] = asyncio.ensure_future(ls.on_worker(index, checked))
        await making

    def publish(ls: CardlangServer, owner: str, checked: Checked, path: Path | None) -> None:
        """Diagnostics for the files with problems now or before, and for the file edited (even if clean)."""
        problems = dict(checked.problems)
        if path is not None and path.suffix == SCENARIO_SUFFIX:  # a failed run shows where it failed
            here = real(path)
            problems[here] = list(problems.get(here, [])) + [e for e in ls.failures.get(here, {}).values()
                                                             if real(e.span.path) == here]
        now = {f for f, errs in problems.items() if errs}
        for f in now | ls.marked.get(owner, set()) | ({real(path)} if path is not None else set()):
            found = [F.diagnostic(e) for e in problems.get(f, [])]
            text = ls.ws.text(f) if found else None
            for d in found if text is not None else ():
                d.range = to_client(ls, text.split("\n"), d.range)
            ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri_of(f), found))
        ls.marked[owner] = now

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: CardlangServer, params: T.DidOpenTextDocumentParams) -> None:
        await changed(ls, params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: CardlangServer, params: T.DidChangeTextDocumentParams) -> None:
        await changed(ls, params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: CardlangServer, params: T.DidSaveTextDocumentParams) -> None:
        await changed(ls, params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: CardlangServer, params: T.DidCloseTextDocumentParams) -> None:
        """The file is what is on disk again (its unsaved edits, if any, were dropped): checked as it is."""
        path = path_of(params.text_document.uri)
        await ls.on_worker(ls.ws.close, path)
        owner = ls.ws.owner(path) or str(real(path))
        gen = ls.generation[owner] = ls.generation.get(owner, 0) + 1
        await recheck(ls, path, owner, gen)

    @server.feature(T.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def watched(ls: CardlangServer, params: T.DidChangeWatchedFilesParams) -> None:
        """Files changed on disk (a checkout, another tool, a save elsewhere): each game one of them belongs to
        is checked again, once; an open document's unsaved text still stands for its file. A scenario's own
        check is of its text alone, done when it is opened or edited."""
        games = []
        for change in params.changes:
            gid = ls.ws.owner(path_of(change.uri))
            if gid is not None and gid in game_ids() and gid not in games:
                games.append(gid)
        for gid in games:
            gen = ls.generation[gid] = ls.generation.get(gid, 0) + 1
            await recheck(ls, None, gid, gen)

    # --- features ---------------------------------------------------------------------------------------
    async def index_for(ls: CardlangServer, path: Path, text: str) -> GameIndex | None:
        """The game's index, once the one being made after the last check is there."""
        gid = scenario_game(text) if path.suffix == SCENARIO_SUFFIX else ls.ws.owner(path)
        making = ls.indexing.get(gid) if gid else None
        if making is not None and not making.done():
            await asyncio.shield(making)
        return ls.indexes.get(gid) if gid else None

    def at(ls: CardlangServer, uri: str, client_pos: T.Position) -> tuple[Path, str, str, T.Position]:
        """(path, text, the cursor's line, the cursor in characters) of a request's document and position."""
        doc = ls.workspace.get_text_document(uri)
        lines = doc.source.split("\n")
        pos = from_client(ls, lines, client_pos)
        return path_of(uri), doc.source, lines[pos.line] if 0 <= pos.line < len(lines) else "", pos

    def located(ls: CardlangServer, found: list[T.Location]) -> list[T.Location]:
        """LOCATIONS in the client's units (each in the lines of its own file)."""
        read = text_of(ls)
        out = []
        for loc in found:
            text = read(path_of(loc.uri))
            out.append(T.Location(loc.uri, to_client(ls, text.split("\n"), loc.range)) if text is not None else loc)
        return out

    def text_of(ls: CardlangServer):
        docs = {real(path_of(d.uri)): d.source for d in ls.workspace.text_documents.values()}
        return lambda p: docs.get(real(p)) if real(p) in docs else ls.ws.text(Path(p))

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    async def hover(ls: CardlangServer, params: T.HoverParams) -> T.Hover | None:
        path, text, line, pos = at(ls, params.text_document.uri, params.position)
        found = F.hover(await index_for(ls, path, text), line, pos.line, pos.character, text_of(ls))
        if found is not None and found.range is not None:
            found.range = to_client(ls, text.split("\n"), found.range)
        return found

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=['"', ".", "["]))
    async def completion(ls: CardlangServer, params: T.CompletionParams) -> T.CompletionList:
        path, text, _, pos = at(ls, params.text_document.uri, params.position)
        return F.completion(await index_for(ls, path, text), kind_of(path), text, pos.line, pos.character)

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: CardlangServer, params: T.DefinitionParams) -> list[T.Location]:
        path, text, line, pos = at(ls, params.text_document.uri, params.position)
        return located(ls, F.definition(await index_for(ls, path, text), line, pos.line, pos.character, uri_of))

    @server.feature(T.TEXT_DOCUMENT_REFERENCES)
    async def references(ls: CardlangServer, params: T.ReferenceParams) -> list[T.Location]:
        path, text, line, pos = at(ls, params.text_document.uri, params.position)
        ix = await index_for(ls, path, text)
        more = scenarios_of(ix.game_id) if ix else []
        return located(ls, F.references(ix, line, pos.line, pos.character, text_of(ls), uri_of, more,
                                        params.context.include_declaration))

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(ls: CardlangServer, params: T.DocumentSymbolParams) -> list[T.DocumentSymbol]:
        tree, text = await parsed(ls, params.text_document.uri)
        lines = text.split("\n")

        def client(sym: T.DocumentSymbol) -> T.DocumentSymbol:
            sym.range, sym.selection_range = to_client(ls, lines, sym.range), to_client(ls, lines, sym.selection_range)
            sym.children = [client(c) for c in sym.children] if sym.children else None
            return sym
        return [client(sym) for sym in F.outline(tree, text)] if tree is not None else []

    @server.feature(T.TEXT_DOCUMENT_CODE_ACTION, T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
    def code_action(ls: CardlangServer, params: T.CodeActionParams) -> list[T.CodeAction]:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        lines = doc.source.split("\n")
        ours = [attrs.evolve(d, range=from_client_range(ls, lines, d.range)) for d in params.context.diagnostics]
        fixes = F.quick_fixes(params.text_document.uri, doc.source, ours)
        sent = {id(m): d for m, d in zip(ours, params.context.diagnostics)}
        for fix in fixes:
            fix.diagnostics = [sent.get(id(d), d) for d in fix.diagnostics or ()]  # as the client sent them
            for edits in fix.edit.changes.values():
                for e in edits:
                    e.range = to_client(ls, lines, e.range)
        return fixes

    @server.feature(T.TEXT_DOCUMENT_CODE_LENS)
    async def code_lens(ls: CardlangServer, params: T.CodeLensParams) -> list[T.CodeLens]:
        uri = params.text_document.uri
        tree, text = await parsed(ls, uri)
        if tree is None:
            return []
        path = real(path_of(uri))
        return F.lenses(tree, uri, ls.results.get(path, {}), ls.ws.owner(path))

    async def parsed(ls: CardlangServer, uri: str):
        doc = ls.workspace.get_text_document(uri)
        path, text = path_of(uri), doc.source

        def job():
            ls.ws.open(path, text)
            return ls.ws.parse(path, [])
        return await ls.on_worker(job), text

    @server.command(F.RUN_SCENARIO)
    async def run_scenario(ls: CardlangServer, *args) -> dict:
        """Run the scenario named ARGS[1] of the file ARGS[0]: {passed, message}; the lens shows it."""
        if len(args) != 2 or not all(isinstance(a, str) for a in args):
            raise ValueError(f"{F.RUN_SCENARIO} takes a document's uri and a scenario's name")
        uri, name = args
        tree, _ = await parsed(ls, uri)
        decl = next((d for d in (tree.decls if tree is not None else ()) if getattr(d, "name", None) == name
                     and type(d).__name__ == "ScenarioDecl"), None)
        if decl is None:
            raise ValueError(f"no scenario '{name}' in this file (does it parse?)")

        def job():
            from cardlang.compile.scenario import run_scenario as run
            cache = {(gid, tuple(map(str, options.with_))): g for gid, g in ls.games.items()}
            try:
                r = run(decl, list(options.with_), cache)
            except CardLangError as e:
                return False, e.render(ls.ws.text(path_of(uri)))
            except Exception as e:  # noqa: BLE001 - e.g. a game that does not load (ErrorList)
                errors = getattr(e, "errors", None)
                return False, errors[0].render() if errors else f"{e.__class__.__name__}: {e}"
            if not r.passed:
                ls.failures.setdefault(real(path_of(uri)), {})[name] = r.error
            return r.passed, "" if r.passed else r.error.render()
        ls.failures.get(real(path_of(uri)), {}).pop(name, None)
        passed, message = await ls.on_worker(job)
        ls.results.setdefault(real(path_of(uri)), {})[name] = (passed, message)
        owner = str(real(path_of(uri)))
        ls.generation[owner] = ls.generation.get(owner, 0) + 1
        await recheck(ls, path_of(uri), owner, ls.generation[owner])  # its diagnostics, with the failure
        ls.window_show_message(T.ShowMessageParams(T.MessageType.Info if passed else T.MessageType.Error,
                                                   f"{'PASS' if passed else 'FAIL'} {name}" +
                                                   (f"\n{message}" if message else "")))
        caps = ls.client_capabilities.workspace
        if caps and caps.code_lens and caps.code_lens.refresh_support:
            ls.workspace_code_lens_refresh(None)
        return {"passed": passed, "message": message}

    @server.command(F.SIMULATE)
    def simulate(ls: CardlangServer, *args) -> str:
        """The command line that simulates games with the card ARGS[1] of the file ARGS[0]."""
        if len(args) != 2 or not all(isinstance(a, str) for a in args):
            raise ValueError(f"{F.SIMULATE} takes a document's uri and a card's name")
        gid = ls.ws.owner(path_of(args[0]))
        ix = ls.indexes.get(gid) if gid else None
        if ix is None:
            raise ValueError("this card's game has not loaded yet: fix its errors first")
        line = F.simulate_line(ix, args[1], options.with_)
        ls.window_show_message(T.ShowMessageParams(T.MessageType.Info, line))
        return line

    return server


def to_client(ls: CardlangServer, lines: list[str], r: T.Range) -> T.Range:
    """A range in characters (as spans count) in the units the client asked for (UTF-16 unless it chose)."""
    codec = ls.workspace.position_codec
    return T.Range(codec.position_to_client_units(lines, r.start), codec.position_to_client_units(lines, r.end))


def from_client(ls: CardlangServer, lines: list[str], p: T.Position) -> T.Position:
    at = ls.workspace.position_codec.position_from_client_units(lines, p)
    return T.Position(at.line, at.character)


def from_client_range(ls: CardlangServer, lines: list[str], r: T.Range) -> T.Range:
    return T.Range(from_client(ls, lines, r.start), from_client(ls, lines, r.end))


def use_folder(folder: Path) -> None:
    """Work on FOLDER: its games/ and cards/, errors named relative to it (as `check` run there names them)."""
    os.environ["CARDLANG_HOME"] = str(real(folder))
    os.chdir(folder)


def scenario_game(text: str) -> str | None:
    """The game a scenario's `game ID;` names (underscores read as dashes), if it is one of the folder's."""
    from cardlang.lsp.index import words
    ws = words(text)
    for a, b in zip(ws, ws[1:]):
        if a.text == "game" and not a.quoted:
            gid = b.text.replace("_", "-")
            return gid if gid in game_ids() else None
    return None


def scenarios_of(game_id: str) -> list[Path]:
    """The scenario files under the folder that name GAME_ID (for find references); hidden folders and an
    editor package's node_modules are not searched."""
    out = []
    found = []
    for folder, subs, names in os.walk(project_root()):
        subs[:] = sorted(d for d in subs if not d.startswith(".") and d != "node_modules")
        found.extend(Path(folder) / n for n in sorted(names) if n.endswith(SCENARIO_SUFFIX))
    for f in found:
        try:
            head = f.read_text(encoding="utf-8")[:4000]
        except (OSError, UnicodeDecodeError):
            continue
        if scenario_game(head) == game_id:
            out.append(f)
    return out


class _OneLine(logging.Formatter):
    """Log lines without tracebacks (an editor shows the server's stderr to designers): what failed, in one
    line; CARDLANG_DEBUG=1 shows the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info and not os.environ.get("CARDLANG_DEBUG"):
            e = record.exc_info[1]
            record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None, "args": (),
                                            "msg": f"{record.getMessage()}: {e.__class__.__name__}: {e}"})
        return super().format(record)


def serve(options: Options) -> int:
    """Serve on stdin and stdout until the client says exit. Returns the exit code."""
    protocol_out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)                      # anything written to stdout (a print, a C extension) goes to stderr
    sys.stdout = sys.stderr
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine("cardlang lsp: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
    if options.folder is not None:
        use_folder(options.folder)
    server = make_server(options)
    # The server sweeps itself at quiet moments (CardlangServer.sweep); what every check uses (the compiler's
    # modules, the protocol's) is set aside first, so a sweep goes over the games only.
    import cardlang.compile.checks, cardlang.compile.game, cardlang.render.build  # noqa: F401, E401
    gc.disable()
    gc.collect()
    gc.freeze()
    server.start_io(sys.stdin.buffer, protocol_out)
    # The protocol's end (`exit`, or the client gone): leave now. A thread still blocked reading stdin would
    # hold the process until the client closes the pipe. 0 after `shutdown`, else 1, as the protocol says.
    sys.stderr.flush()
    os._exit(0 if server.shut_down else 1)


__all__ = ["serve", "make_server", "Options"]
