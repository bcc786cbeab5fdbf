#!/usr/bin/env bats
# engine.bats: the rules engine's C oracle tests (tests/unit/engine_test.c) pass.

load test_helper

@test "the engine's oracle tests pass" {
	run "$CATAN_UNIT/engine_test"
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$output" | grep -E '^(not ok|#)' >&2
	fi
	[ "$status" -eq 0 ]
}
