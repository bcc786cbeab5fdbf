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

@test "the sanitizer build is a checked build: rules_apply checks what its callers promise" {
	run -0 "$CATAN_UNIT/engine_test"
	case $CATAN_UNIT in
	*build-san*)
		[[ "$output" == *"ok "*" - checked build: a listed move out of turn is refused, the position unchanged"* ]] ;;
	*)
		[[ "$output" != *"checked build"* ]] ;;
	esac
}
