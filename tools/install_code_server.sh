#!/bin/sh
# Install code-server (VS Code in the browser), which tools/lsp_screenshot.py drives, into DIR (default
# /tmp/code-server) from the npm registry alone, on Debian with Node 20, as root:
#   tools/install_code_server.sh [DIR]  ->  DIR/node_modules/code-server/out/node/entry.js, run through DIR/code-server
# code-server's own post-install step fetches ripgrep from GitHub; here Debian's ripgrep stands in for it,
# and the native modules are built from source (hence the -dev packages).
set -eu
DIR="${1:-/tmp/code-server}"
VERSION=4.100.3   # the last line of code-server that runs on Node 20
apt-get install -y -qq build-essential pkg-config python3 ripgrep libkrb5-dev libx11-dev libxkbfile-dev \
  libsecret-1-dev >/dev/null
mkdir -p "$DIR" && cd "$DIR"
npm install --no-audit --no-fund --ignore-scripts "code-server@$VERSION"
npm_config_yes=true npm rebuild argon2   # the one native module of code-server itself
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --ignore-scripts --omit=dev
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
# the native modules (node-pty runs node-gyp through npx: yes); ripgrep's step sees its bin/ and stops
npm_config_yes=true npm rebuild --unsafe-perm
rm -rf node_modules.asar && ln -s node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --unsafe-perm --omit=dev)
cd "$DIR"
printf '#!/bin/sh\nexec node "%s/node_modules/code-server/out/node/entry.js" "$@"\n' "$DIR" > code-server
chmod +x code-server
echo "$DIR/code-server"
