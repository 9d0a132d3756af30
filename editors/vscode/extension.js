// The cardlang extension's client: starts `cardlang lsp` (or the command the settings name) on stdio and
// hands it every cardlang file of the workspace. Everything the editor shows beyond colours (diagnostics,
// quick fixes, hover, completion, definitions, references, outline, code lens) comes from that server;
// this file knows nothing of the language.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function expand(value, folder) {
  // ${workspaceFolder} is the one variable a setting here may use (e.g. a checkout's .venv/bin/cardlang).
  return folder ? value.split("${workspaceFolder}").join(folder.uri.fsPath) : value;
}

function serverOptions() {
  const config = vscode.workspace.getConfiguration("cardlang");
  const folder = (vscode.workspace.workspaceFolders || [])[0];
  const command = expand(config.get("server.command", "cardlang"), folder);
  const args = config.get("server.args", ["lsp"]).map((a) => expand(a, folder));
  const env = Object.assign({}, process.env, config.get("server.env", {}));
  const options = { env, cwd: folder ? folder.uri.fsPath : undefined };
  // no `transport`: with TransportKind.stdio the client would append --stdio to the arguments; a bare
  // executable is spoken to over its stdin and stdout all the same
  return { command, args, options };
}

async function start(context) {
  const clientOptions = {
    documentSelector: [{ language: "cardlang" }],
    synchronize: {
      // a card edited outside the editor (git checkout, another tool) is re-read by the server
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{card,cl,scenario}"),
    },
    outputChannelName: "cardlang",
  };
  client = new LanguageClient("cardlang", "cardlang language server", serverOptions(), clientOptions);
  try {
    await client.start();
  } catch (err) {
    const { command, args } = serverOptions();
    vscode.window.showErrorMessage(
      `cardlang: could not start the language server (${command} ${args.join(" ")}): ${err.message || err}. ` +
        "Install it with pip install 'cardlang[lsp]', or set cardlang.server.command."
    );
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("cardlang.restartServer", async () => {
      if (client) await client.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("cardlang.server")) {
        if (client) await client.stop();
        await start(context);
      }
    })
  );
  await start(context);
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
