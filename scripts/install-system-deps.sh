#!/usr/bin/env bash
# Installs the Debian packages the tests need: PostgreSQL 15 (the oldest server we support, with
# its pg_dump and pg_restore), nginx (deploy/nginx.conf in front of the cluster test's two
# instances), Chromium (end-to-end tests), LibreOffice with python3-uno (PDF previews and PDF/A
# downloads) and Poppler's pdftoppm (the protected preview: pages drawn as pictures), and
# libxml2's xmllint (the tests validate every e-invoice against the official FatturaPA schema).
# Used by `npm test` (when root on Debian) and by .ci/run. Idempotent: does nothing when all are present.
set -euo pipefail

packages=(postgresql nginx chromium libreoffice-writer-nogui python3-uno fonts-dejavu-core poppler-utils libxml2-utils)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages: ${missing[*]}" >&2
  echo "On Debian/Ubuntu install them with: sudo apt-get install -y ${missing[*]}" >&2
  echo "Elsewhere: PostgreSQL 15+ server and client binaries (pg_ctl, initdb, pg_dump, pg_restore), nginx (on the PATH or /usr/sbin), Chromium at /usr/bin/chromium, LibreOffice (soffice), Poppler (pdftoppm)." >&2
  exit 1
fi

echo "Installing ${missing[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "System packages installed."
