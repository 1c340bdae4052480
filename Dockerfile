# nonocrypt in a container, for running it on many machines (the Kubernetes Jobs and
# GitHub Actions recipe of docs/how-to/many-machines.md use this image). Node 20 on Debian bookworm, and the README's own
# install steps: `npm ci` installs what the lock file says and builds (the `prepare` script),
# `npm link` puts `nonocrypt` on the PATH; the build tools are then dropped. The data to work on
# is mounted at /data, the working folder:
#
#   docker build -t nonocrypt .
#   docker run --rm -v "$PWD:/data" nonocrypt verify examples/to-be.txt
#
# test/recipes.test.ts runs these steps in a scratch copy (no container engine needed), then
# the entry command.
FROM node:20-bookworm-slim
WORKDIR /opt/nonocrypt
COPY package.json package-lock.json tsconfig.json ./
COPY src src
COPY encoders encoders
COPY engines engines
COPY web web
COPY examples examples
RUN npm ci --no-audit --no-fund
RUN npm link --ignore-scripts --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund
WORKDIR /data
ENTRYPOINT ["nonocrypt"]
CMD ["--help"]
