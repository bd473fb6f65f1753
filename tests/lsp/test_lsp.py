"""`lanrick lsp` over stdio, driven by pytest-lsp as an editor drives it."""

import asyncio
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("LANRICK_BIN", str(ROOT / "target" / "debug" / "lanrick"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


def uri_of(name: str) -> str:
    return f"file:///work/{name}"


async def open_doc(client: LanguageClient, name: str, text: str, proved=False):
    """Opens a document and waits for its diagnostics (the proved ones if asked)."""
    uri = uri_of(name)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="lanrick", version=1, text=text
            )
        )
    )
    for _ in range(3 if proved else 1):
        await asyncio.wait_for(
            client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20
        )
        if not proved or any(
            d.severity == types.DiagnosticSeverity.Hint or "goal::" in str(d.code)
            for d in client.diagnostics.get(uri, [])
        ):
            break
    return uri


def check_json(path: pathlib.Path, prove: bool):
    args = [BIN, "check", "--format", "json", str(path)]
    if not prove:
        args.append("--no-prove")
    out = subprocess.run(args, capture_output=True, check=False).stdout
    import json

    return json.loads(out)["diagnostics"]


async def test_diagnostics_are_checks(client: LanguageClient):
    path = ROOT / "tests/cases/err/collection_second_game.lanrick"
    uri = await open_doc(client, "second.lanrick", path.read_text())
    mine = client.diagnostics[uri]
    theirs = check_json(path, prove=False)
    assert [(str(d.code), d.range.start.line + 1, d.range.start.character + 1) for d in mine] == [
        (d["code"], d["line"], d["column"]) for d in theirs
    ]
    assert mine[0].message.endswith(theirs[0]["message"])
    related = [r.message for r in mine[0].related_information or []]
    assert f"help: {theirs[0]['help']}" in related


async def test_an_edit_updates_the_diagnostics(client: LanguageClient):
    uri = await open_doc(client, "edit.lanrick", "mark d5\na7-b6\n")
    assert len(client.diagnostics[uri]) == 0
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="mark d5\nh5-h1\n")],
        )
    )
    await asyncio.wait_for(
        client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10
    )
    codes = [str(d.code) for d in client.diagnostics[uri]]
    assert codes == ["lanrick::rule::blocked"]


async def test_a_cooked_puzzle_is_reported_after_its_proof(client: LanguageClient):
    path = ROOT / "tests/cases/prove/cooked.lanrick"
    uri = await open_doc(client, "cooked.lanrick", path.read_text(), proved=True)
    codes = [str(d.code) for d in client.diagnostics[uri]]
    assert codes == [d["code"] for d in check_json(path, prove=True)]
    assert "lanrick::goal::cooked" in codes


async def test_a_sound_puzzle_gets_a_hint_and_a_lens(client: LanguageClient):
    path = ROOT / "examples/puzzles/composed-1-01.lanrick"
    uri = await open_doc(client, "sound.lanrick", path.read_text(), proved=True)
    hints = [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Hint]
    assert hints and hints[0].message.startswith("sound")
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert lenses and lenses[0].command.title.startswith("sound")


async def test_hover_shows_the_boards_and_the_allowance(client: LanguageClient):
    text = (ROOT / "examples/complete-game.lanrick").read_text()
    uri = await open_doc(client, "game.lanrick", text)
    line = text.splitlines().index("a7-b6 e8-h5 a1-b1")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=2),
        )
    )
    value = hover.contents.value
    assert "Before:" in value and "After:" in value
    assert "Rendezvous: 9 squares (close), Mark f3" in value
    assert "Allowance used: 5 of 5 squares" in value
    assert "Yellow to act" in value


async def test_hover_in_a_variation_shows_the_variations_boards(client: LanguageClient):
    text = (ROOT / "examples/complete-game.lanrick").read_text()
    uri = await open_doc(client, "variation.lanrick", text)
    line_no, line = next(
        (i, l) for i, l in enumerate(text.splitlines()) if l.startswith("1. Y: g1-f2")
    )

    async def hover_at(col):
        h = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line_no, character=col),
            )
        )
        return h.contents.value

    main = await hover_at(line.index("g1-f2") + 1)
    variation = await hover_at(line.index("( g1-g2") + 3)
    # The main line's turn moves two squares; the variation, played from the same
    # position instead of it, one.
    assert "**`g1-f2 h5-g4`**" in main and "Allowance used: 2 of" in main
    assert "**`g1-g2`**" in variation and "Allowance used: 1 of" in variation
    before = lambda v: v.split("Before:")[1].split("After:")[0]
    after = lambda v: v.split("After:")[1]
    assert before(main) == before(variation)
    assert after(main) != after(variation)


async def test_completion_in_a_variation_starts_from_the_variations_position(
    client: LanguageClient,
):
    # Main line: Yellow's first turn; the variation is an alternative to it, so Yellow's
    # men are offered there, from the position before the main line's turn.
    head = '[Event "v"]\n\nmark f3\ng1-f2 h5-g4 ( '
    uri = await open_doc(client, "var.lanrick", head + ")\n")

    async def complete(typed):
        text = head + typed
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text + " )\n")],
            )
        )
        line = text.splitlines()[-1]
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=3, character=len(line)),
            )
        )
        return [i.label for i in result.items]

    labels = await complete("")
    # g1 moved in the main line, not in the variation: it may move here.
    assert "g1-" in labels and "h5-" in labels
    labels = await complete("g1-g2 ")
    # After the variation's own first move, g1 has moved (g2 now), h5 has not.
    assert "h5-" in labels and "g1-" not in labels


async def test_completion_offers_men_targets_and_takes(client: LanguageClient):
    text = '[Position "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play"]\n\n'
    uri = await open_doc(client, "ref.lanrick", text)

    async def complete(line_text):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[
                    types.TextDocumentContentChangeWholeDocument(text=text + line_text)
                ],
            )
        )
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=2, character=len(line_text)),
            )
        )
        return [i.label for i in result.items], result.is_incomplete

    labels, incomplete = await complete("")
    assert "f3-" in labels and "h3-" in labels and "pass" in labels and not incomplete
    labels, _ = await complete("f3-")
    assert labels and all(l.startswith("f3-") for l in labels)
    labels, _ = await complete("[Ru")
    assert labels == ["Rules"]


async def test_formatting_and_range_formatting(client: LanguageClient):
    text = "[Event \"x\"]\n\nmark   d5\n a7-b6\n"
    uri = await open_doc(client, "fmt.lanrick", text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    fmt = subprocess.run([BIN, "fmt", "-"], input=text.encode(), capture_output=True)
    if fmt.returncode == 0 and fmt.stdout:
        assert edits[0].new_text == fmt.stdout.decode()
    assert edits and "mark d5\na7-b6" in edits[0].new_text
    edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=3)),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert edits and "mark d5\na7-b6" in edits[0].new_text


async def test_symbols_name_games_and_variations(client: LanguageClient):
    text = (ROOT / "examples/complete-game.lanrick").read_text()
    uri = await open_doc(client, "sym.lanrick", text + "\n[Event \"Second\"]\n\nmark d5\n")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [s.name for s in symbols] == ["A complete game, annotated", "Second"]
    assert symbols[0].children and symbols[0].children[0].name == "( g1-g2 )"


async def test_inlay_hints_number_the_turns(client: LanguageClient):
    text = (ROOT / "examples/complete-game.lanrick").read_text()
    uri = await open_doc(client, "inlay.lanrick", text)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=14, character=0)),
        )
    )
    line = text.splitlines().index("a7-b6 e8-h5 a1-b1")
    assert (line, "3. Y:") in [(h.position.line, h.label) for h in hints]


async def test_code_actions_fix_a_blocked_move_and_a_result_tag(client: LanguageClient):
    uri = await open_doc(client, "fix.lanrick", "mark d5\nh5-h1\n")
    diag = client.diagnostics[uri][0]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag]),
        )
    )
    titles = [a.title for a in actions]
    assert "replace `h5-h1` by `h5-h3`" in titles, titles
    path = ROOT / "tests/cases/err/tag_result_mismatch.lanrick"
    if path.exists():
        uri = await open_doc(client, "result.lanrick", path.read_text())
        diag = [d for d in client.diagnostics[uri] if str(d.code) == "lanrick::tag::result_mismatch"][0]
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diag.range,
                context=types.CodeActionContext(diagnostics=[diag]),
            )
        )
        assert actions and actions[0].title.startswith("write [Result")


async def actions_for(client, uri, code):
    diag = [d for d in client.diagnostics[uri] if str(d.code) == code][0]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag]),
        )
    )
    return diag, actions


async def test_code_actions_insert_the_missing_take_and_fix_a_mark(client: LanguageClient):
    path = ROOT / "tests/cases/err/rule_take_missing.lanrick"
    uri = await open_doc(client, "take.lanrick", path.read_text())
    diag, actions = await actions_for(client, uri, "lanrick::rule::take_missing")
    titles = [a.title for a in actions]
    assert titles == [f"take the man on {sq}: `x {sq}`" for sq in ["a1", "b1", "c1", "d1"]]
    edit = actions[0].edit.changes[uri][0]
    assert edit.new_text == " x a1" and edit.range.start == diag.range.end
    # Applied, the fix gives a game that checks clean.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(
                text=path.read_text().replace("f5-e5", "f5-e5 x a1"))],
        )
    )
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10)
    assert len(client.diagnostics[uri]) == 0
    uri = await open_doc(client, "mark.lanrick", "mark a1\n")
    code = str(client.diagnostics[uri][0].code)
    _, actions = await actions_for(client, uri, code)
    assert [a.title for a in actions] == [f"replace `a1` by `{sq}`" for sq in ["c6", "d5", "e4", "f3"]]


async def test_a_malformed_request_is_refused_and_the_server_goes_on(client: LanguageClient):
    # Bytes no editor should send: not JSON, then a hover without its parameters. The
    # server answers both with errors (the exact codes: tests/lsp.rs) and goes on.
    for body in [b"{this is not json", b'{"jsonrpc":"2.0","id":99999,"method":"textDocument/hover","params":{}}']:
        client.protocol.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    with pytest.raises(Exception) as e:
        await client.protocol.send_request_async("lanrick/no-such-method", {})
    assert "-32601" in repr(e.value) or "not answer" in str(e.value)
    uri = await open_doc(client, "after.lanrick", "mark d5\nh5-h1\n")
    assert [str(d.code) for d in client.diagnostics[uri]] == ["lanrick::rule::blocked"]


async def test_a_cancelled_request_is_answered_once_and_the_server_goes_on(client: LanguageClient):
    # pygls cannot take the answer to a request it cancelled (the protocol says the
    # server still answers), so the request and its `$/cancelRequest` are written raw
    # and the answer is caught on its way in.
    text = '[Position "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play"]\n\n'
    uri = await open_doc(client, "cancel.lanrick", text)
    seen = []
    handle = client.protocol._handle_response

    def record(msg_id, result=None, error=None):
        seen.append((msg_id, result, error))
        if msg_id != "cancel-me":
            handle(msg_id, result, error)

    client.protocol._handle_response = record
    import json

    request = {"jsonrpc": "2.0", "id": "cancel-me", "method": "textDocument/completion",
               "params": {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 0}}}
    cancel = {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "cancel-me"}}
    data = b""
    for m in (request, cancel):
        body = json.dumps(m).encode()
        data += b"Content-Length: %d\r\n\r\n" % len(body) + body
    client.protocol.writer.write(data)
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=2, character=0),
        )
    )
    assert result.items
    answers = [(r, e) for (i, r, e) in seen if i == "cancel-me"]
    assert len(answers) == 1, seen
    result, error = answers[0]
    assert result is not None or getattr(error, "code", None) == -32800 or "32800" in repr(error)
