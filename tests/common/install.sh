#!/usr/bin/env bash
# Sourced by the end-to-end test scripts (tests/browser, tests/serve, tests/lsp):
# `need_packages LABEL PACKAGE...` installs the Debian packages that are missing, with
# apt-get when run as root, and otherwise stops the script saying what to install;
# `chromium_or_install LABEL` prints the Chromium to run ($CHROMIUM, or the one on the
# PATH, installed first when missing).

need_packages() {
    local label=$1
    shift
    [ $# -gt 0 ] || return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "$label: installing $* with apt-get" >&2
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
        echo "$label: missing $* (apt-get install $*)" >&2
        exit 1
    fi
}

chromium_or_install() {
    local found=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
    if [ -z "$found" ]; then
        need_packages "$1" chromium
        found=$(command -v chromium)
    fi
    printf '%s\n' "$found"
}
