# docsmith runtime: serves the assistant API for builds published with `docsmith build --out <dir>/<domain> --publish`.
#   docker build -t docsmith .
#   docker run -p 8080:8080 -v "$PWD/dist:/artifacts:ro" -v docsmith-data:/data docsmith
# Keys:  docker run --rm -v docsmith-data:/data docsmith keys create --domain <domain> --org <org>

# Stage 1: production dependencies only (better-sqlite3 compiles here when no prebuilt binary matches).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# Stage 2: slim runtime, no compiler, non-root.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DOCSMITH_ARTIFACTS=/artifacts \
    DOCSMITH_DATA=/data \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY cli ./cli
COPY pipeline ./pipeline
COPY runtime ./runtime
COPY schemas ./schemas
COPY types ./types
# /artifacts is mounted read-only; /data (keys file, SQLite database) is a volume owned by the runtime user.
RUN mkdir -p /artifacts /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "bin/docsmith.js"]
CMD ["serve"]
