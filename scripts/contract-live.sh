#!/usr/bin/env bash
# schemathesis's CLI against a live gunicorn: the real server, sockets and all, on a free
# loopback port. The server is always stopped, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin

# CONTRACT_PORT, CONTRACT_SCHEMA, CONTRACT_MAX_EXAMPLES, CONTRACT_SEED, CONTRACT_PHASES and
# CONTRACT_WORKERS override the defaults (tests/ops/test_contract_live.py uses them). Two
# schemathesis workers against gunicorn's two: one left the server's second worker idle while
# it made its next case.
free_port='import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
port=${CONTRACT_PORT:-$("$bin/python" -c "$free_port")}
document=${CONTRACT_SCHEMA:-openapi.yaml}
log=$(mktemp)
# gunicorn.conf.py makes (and removes) its own metrics directory when this is unset.
unset PROMETHEUS_MULTIPROC_DIR
# The fuzzer asks for analysis budgets up to 10 s: cap each search (as tests/conftest.py does).
HOST=127.0.0.1 PORT=$port WEB_CONCURRENCY=2 LOG_LEVEL=warning ANALYSIS_BUDGET_CAP_MS=20 \
	"$bin/gunicorn" --config gunicorn.conf.py service.app:app >"$log" 2>&1 &
server=$!
stop() {
	kill -TERM "$server" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
	rm -f "$log"
}
trap stop EXIT

for _ in $(seq 100); do
	if "$bin/python" -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/healthz', timeout=1)" 2>/dev/null; then
		break
	fi
	if ! kill -0 "$server" 2>/dev/null; then
		echo "gunicorn did not start:" >&2
		cat "$log" >&2
		exit 1
	fi
	sleep 0.2
done

# Checks, modes and phases come from schemathesis.toml; the command line says "all" again so
# that this run cannot silently shrink.
status=0
"$bin/schemathesis" run "$document" --url "http://127.0.0.1:$port" --checks all --mode all \
	--phases "${CONTRACT_PHASES:-examples,coverage,fuzzing}" \
	--max-examples "${CONTRACT_MAX_EXAMPLES:-100}" --seed "${CONTRACT_SEED:-20261129}" \
	--workers "${CONTRACT_WORKERS:-2}" || status=$?
if [ "$status" -ne 0 ]; then
	echo "--- gunicorn log" >&2
	cat "$log" >&2
fi
exit "$status"
