# API image: serves every service API, the live channel and the built web app on port 3000.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm db:generate && pnpm --filter @sage/web build

FROM node:24-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY --from=build /app /app
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@sage/api", "start"]
