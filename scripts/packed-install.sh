#!/usr/bin/env bash
# The package as a site gets it: packs docsgen (npm pack, which compiles lib/), installs the tarball into an empty
# folder, then runs init, build and check there. CI runs it (.ci/run); `npm run test:package` runs it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

npm pack --silent --pack-destination "$work" >/dev/null
tgz=$(ls "$work"/docsgen-*.tgz)
# Nothing of this repository's sites or tests is in the package.
if tar tzf "$tgz" | grep -qE '^package/(content|public|website|tests|bench)/|^package/build\.config\.ts$'; then
  echo "packed-install: the package holds this repository's sites or tests:" >&2
  tar tzf "$tgz" | grep -E '^package/(content|public|website|tests|bench)/|^package/build\.config\.ts$' | head >&2
  exit 1
fi

mkdir "$work/site"
cd "$work/site"
npm init -y >/dev/null
npm install --no-audit --no-fund --loglevel=error "$tgz"
npx --no-install docsgen init docs
cd docs
npx --no-install docsgen build
npx --no-install docsgen check
test -f dist/index.html && test -f dist/docs/intro/index.html
echo "packed-install: $(basename "$tgz") installs, and init, build and check work in an empty folder"
