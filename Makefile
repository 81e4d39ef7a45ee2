# Conveniences around the scripts; the scripts need nothing but bash and Swift.
PREFIX ?= /usr/local

.PHONY: example test install bench
example:
	bash scripts/example
test:
	bash scripts/test
install:
	bash scripts/install "$(PREFIX)"
bench:
	bash bench/build.sh
