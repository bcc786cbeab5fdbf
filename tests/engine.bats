#!/usr/bin/env bats
# engine.bats: the rules engine's C oracle tests (tests/unit/engine_test.c) pass.

load test_helper

@test "the engine's oracle tests pass; the sanitizer build is a checked build (rules_apply checks what its callers promise)" {
	run "$CATAN_UNIT/engine_test"
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$output" | grep -E '^(not ok|#)' >&2
	fi
	[ "$status" -eq 0 ]
	# One run for both: the whole run takes a while under the sanitizers.
	case $CATAN_UNIT in
	*build-san*)
		[[ "$output" == *"ok "*" - checked build: a listed move out of turn is refused, the position unchanged"* ]] ;;
	*)
		[[ "$output" != *"checked build"* ]] ;;
	esac
}
