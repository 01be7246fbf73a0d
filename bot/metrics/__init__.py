"""What a host watches: ``/healthz`` and ``/metrics`` (Prometheus' text format) on
``BOGGLE_METRICS_PORT``, fed by the services' events; and the JSON log lines of
``BOGGLE_LOG_FORMAT=json``. Nothing here is imported by a game service."""
