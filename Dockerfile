# docsmith runtime: serves the assistant API for builds published with `docsmith build --out <dir>/<domain> --publish`.
#   docker build -t docsmith .
#   docker run -p 8080:8080 -v "$PWD/dist:/artifacts:ro" -v docsmith-data:/data docsmith
# Keys:  docker run --rm -v docsmith-data:/data docsmith keys create --domain <domain> --org <org>
# MCP over stdio for a local agent:  docker run -i --rm -v "$PWD/dist:/artifacts:ro" docsmith mcp /artifacts --domain <domain>
# The image serves and manages keys; it does not build sites (run `docsmith build` from the npm package or a checkout).

# Stage 1: compile the TypeScript into lib/ and bundle the browser client into web/dist/ (`npm ci` runs the `prepare` script).
FROM node:20-bookworm-slim AS compile
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY cli ./cli
COPY contract ./contract
COPY pipeline ./pipeline
COPY runtime ./runtime
COPY schemas ./schemas
COPY types ./types
COPY scripts ./scripts
COPY web ./web
RUN npm ci

# Stage 2: production dependencies of the runtime only. better-sqlite3 compiles here when no prebuilt binary
# matches; the build-side libraries (unified/remark, YAML, OpenAPI parsing, docs.json positions) are removed: the
# one list is scripts/runtime-excluded-packages.txt, which test/image/runtime-image.test.ts keeps in step with the
# code and scripts/rehearse-image.mjs rehearses without a Docker engine.
FROM compile AS deps
RUN rm -rf node_modules \
 && npm ci --omit=dev --ignore-scripts \
 && npm rebuild better-sqlite3 \
 && npm uninstall --omit=dev --ignore-scripts $(sed 's/#.*//' scripts/runtime-excluded-packages.txt) \
 && npm cache clean --force

# Stage 3: slim runtime, compiled JavaScript only, no compiler, non-root.
# NODE_OPTIONS caps V8's heap: sized against the host's memory otherwise, it keeps growing under a steady stream of
# answers while the live heap stays flat. The loaded sites get half of it. Fits a 1 GiB container (docs/guides/operating.mdx).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=768 \
    DOCSMITH_ARTIFACTS=/artifacts \
    DOCSMITH_DATA=/data \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=compile /app/lib ./lib
COPY --from=compile /app/web/dist ./web/dist
COPY bin ./bin
# /artifacts is mounted read-only; /data (keys file, SQLite database) is a volume owned by the runtime user.
RUN mkdir -p /artifacts /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "bin/docsmith.js"]
CMD ["serve"]
