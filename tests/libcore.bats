#!/usr/bin/env bats
# libcore: the C-level checks of geometry, generator, names, layouts and the state reader.

load test_helper

@test "libcore core checks pass" {
	run -0 "$CATAN_UNIT/core_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "libcore replay checks pass" {
	run -0 "$CATAN_UNIT/replay_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "the automatic players' internal checks pass" {
	run -0 "$CATAN_UNIT/autoplay_test"
	[[ "${lines[-1]}" == "autoplay_test: "*" passed, 0 failed" ]]
}

@test "the text buffer and the JSON writer's checks pass" {
	run -0 "$CATAN_UNIT/buf_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "the JSON document reader reads what jansson reads and refuses what it refuses, alike" {
	run -0 "$CATAN_UNIT/jv_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "the JSON reader's checks pass" {
	run -0 "$CATAN_UNIT/jr_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "the search player's move depends only on what its seat sees, its seed and its budget" {
	unit_passes search_test
}

@test "the seats the game waits for are exactly those with a legal move, in every rule set, and a view's answer is its game's" {
	unit_passes status_test
	[[ "${lines[0]}" =~ ^#\ [0-9]+\ positions: ]]
}
