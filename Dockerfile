# The referee as a container: gunicorn (gthread) on port 8000, as a non-root user.
# Build: docker build -t belote-referee .   Run: docker run -p 8000:8000 belote-referee
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/metrics

RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin referee

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY gunicorn.conf.py .
COPY service/ service/

RUN mkdir -p /tmp/metrics && chown referee /tmp/metrics
USER 10001
EXPOSE 8000

HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/healthz', timeout=2)"]

CMD ["gunicorn", "--config", "gunicorn.conf.py", "service.app:app"]
