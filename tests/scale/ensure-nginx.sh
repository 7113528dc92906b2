#!/usr/bin/env bash
# Makes sure Debian's nginx binary is there for the two-instance test and the load benchmark
# (tests/api/scale-two-instances.test.ts, bench/load.ts). Installs the package when it is missing,
# with sudo when not root. Only the binary is used: the test runs its own nginx in the foreground
# with a generated configuration; the package's system service is neither needed nor started.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "nginx is missing and this user cannot install it (not root, no sudo): apt-get install nginx" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
# policy-rc.d 101: the package must not start (or fail to start) the system nginx on port 80.
POLICY=/usr/sbin/policy-rc.d
CREATED_POLICY=""
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod +x "$POLICY"
  CREATED_POLICY=1
fi
cleanup() { if [ -n "$CREATED_POLICY" ]; then $SUDO rm -f "$POLICY"; fi; }
trap cleanup EXIT

echo "Installing Debian's nginx for the two-instance test..." >&2
$SUDO apt-get install -y --no-install-recommends nginx >/dev/null 2>&1 \
  || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends nginx >/dev/null; }

command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
