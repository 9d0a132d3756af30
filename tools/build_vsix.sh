#!/bin/sh
# Build the VS Code extension package editors/vscode/cardlang-<version>.vsix (needs node and npm; the
# packages come from the npm registry). Install it with: code --install-extension editors/vscode/cardlang-*.vsix
# Neither node_modules/ nor the .vsix is committed (editors/vscode/.gitignore).
set -eu
cd "$(dirname "$0")/../editors/vscode"
command -v npm >/dev/null || { echo "error: npm not found: install Node.js (20 or later) first" >&2; exit 2; }
npm ci --no-audit --no-fund --loglevel=error   # the versions package-lock.json pins
# --skip-license: the extension is cardlang's, under cardlang's terms; there is no separate LICENSE to ship
npx --no-install vsce package --skip-license --allow-missing-repository
ls -1 "$PWD"/cardlang-*.vsix
