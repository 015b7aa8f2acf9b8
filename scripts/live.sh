#!/usr/bin/env bash
# The live part of `make test`: the pytest tests that start servers of their own (its
# arguments, run one at a time) and schemathesis's CLI against a live gunicorn
# (scripts/contract-live.sh), side by side. Each alone leaves most of the second core idle
# (measured one after the other, 2026-12-02: the live tests used 0.83 of a core over 205 s,
# the schemathesis run 1.15 over 197 s). Every server binds a free loopback port of its own.
#
# The schemathesis run's output is kept and printed after pytest's; the status is pytest's
# when it failed, else the schemathesis run's. Stopped (Ctrl-C, a signal), both stop, their
# servers with them.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
# Its own process group, so that it can be stopped whole (scripts/contract-live.sh stops its
# gunicorn on the way out).
setsid scripts/contract-live.sh >"$log" 2>&1 &
contract=$!
stop() {
	kill -TERM -- "-$contract" 2>/dev/null || true
	rm -f "$log"
}
trap stop EXIT
trap 'exit 130' INT TERM

status=0
.venv/bin/pytest "$@" || status=$?
contract_status=0
wait "$contract" || contract_status=$?
echo "--- schemathesis against a live gunicorn (scripts/contract-live.sh), beside the tests above"
cat "$log"
if [ "$status" -eq 0 ]; then
	status=$contract_status
fi
exit "$status"
