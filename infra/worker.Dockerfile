# Worker image: two processes of one app (decision 0111), chosen by the command: the device ingest on port
# 3001 (`start:ingest`) and the job queue (`start:jobs`: care confirmation, escalations, ...). The default
# runs both in one process. The watchdog (decision 0510) runs from this image too (`pnpm --filter @sage/watchdog start`).
FROM node:24-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm db:generate
ENV NODE_ENV=production INGEST_PORT=3001
EXPOSE 3001
CMD ["pnpm", "--filter", "@sage/worker", "start"]
