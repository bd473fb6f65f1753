// The smallest client: starts `lanrick lsp` for *.lanrick files (see docs/editors.md).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("lanrick").get("path") || "lanrick";
  client = new LanguageClient(
    "lanrick",
    "lanrick",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "lanrick" }] }
  );
  context.subscriptions.push(client);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
