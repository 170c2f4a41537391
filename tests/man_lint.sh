#!/bin/sh
# Lints each manual page given: `mandoc -T lint` down to style messages, and `man --warnings`
# (groff) while formatting. Only "referenced manual not found" (and mandoc's note about its
# database) are let through: they depend on what else is installed here.
set -u
status=0
if ! command -v mandoc >/dev/null; then
    echo "mandoc is not installed (contrib/deps.sh installs it)" >&2
    exit 1
fi
for page in "$@"; do
    before=$status
    out=$(mandoc -T lint -W style "$page" 2>&1 |
        grep -v -e 'referenced manual not found' -e 'mandoc.db' -e 'run makewhatis')
    if [ -n "$out" ]; then
        printf '%s\n' "$out"
        status=1
    fi
    if command -v man >/dev/null; then
        out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
        if [ -n "$out" ]; then
            printf 'man --warnings %s:\n%s\n' "$page" "$out"
            status=1
        fi
    fi
    if [ "$status" = "$before" ]; then
        echo "$page: $(mandoc -T utf8 "$page" | wc -l) lines, lint clean"
    fi
done
exit $status
