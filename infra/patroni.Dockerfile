# A Patroni-managed PostgreSQL node for docker-compose's `ha` profile (issue #30, decision 0522): Debian's patroni
# 3.0 with Debian's PostgreSQL 15. Configured by PATRONI_* variables (docker-compose.yml) and infra/patroni.yml.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends patroni postgresql-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/patroni && chown postgres:postgres /data/patroni && chmod 700 /data/patroni
COPY infra/patroni.yml /etc/patroni.yml
USER postgres
EXPOSE 5432 8008
CMD ["patroni", "/etc/patroni.yml"]
