# The referee as a container: gunicorn (gthread) on port 8000, as a non-root user.
# Build: docker build -t belote-referee .   Run: docker run -p 8000:8000 belote-referee

# Stage 1: the native search core compiled (Cython, then gcc). The full python image carries
# gcc and Python's headers; the image shipped below (slim, the same Python) has no compiler.
FROM python:3.11 AS core
WORKDIR /src
COPY requirements-build.txt .
RUN pip install --no-cache-dir -r requirements-build.txt
COPY scripts/build_native.py scripts/
COPY service/rules/analysis/native/ service/rules/analysis/native/
RUN python scripts/build_native.py

# Stage 2: what runs.
FROM python:3.11-slim

# PYTHONPATH: any Python of the image imports the service (a Dask worker of the audit too).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONPATH=/app \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/metrics

RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin referee

WORKDIR /app
# With --build-arg AUDIT=1, the archive audit's Dask and matplotlib too (requirements-audit.txt):
# the image then also runs a Dask cluster's scheduler and workers for `python -m service.audit`
# (README, "Auditing an archive"). Without, the referee alone: the HTTP service never imports
# them, and they would add about 210 MB.
ARG AUDIT=""
COPY requirements.txt requirements-audit.txt ./
RUN pip install --no-cache-dir -r requirements.txt ${AUDIT:+-r requirements-audit.txt}

COPY gunicorn.conf.py .
COPY service/ service/
COPY --from=core /src/service/rules/analysis/native/_native.*.so service/rules/analysis/native/

RUN mkdir -p /tmp/metrics && chown referee /tmp/metrics
USER 10001
EXPOSE 8000

HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/healthz', timeout=2)"]

CMD ["gunicorn", "--config", "gunicorn.conf.py", "service.app:app"]
