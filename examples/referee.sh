#!/bin/sh
# referee.sh: a game refereed by mail with catan-referee, in a folder of its own: a
# refereed game (its dice and cards from a secret key), the players' addresses, their
# passwords, and mails handed to the referee as a delivery agent hands them; then what the
# referee wrote.
# Usage: referee.sh [FOLDER]   (default: a new temporary folder, removed at the end)
set -e
dir=${1:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir/outbox" "$dir/sent"
cd "$dir"

catan-newboard --beginner > game.json
cat > players <<'PLAYERS'
# colour  address
red     alice@example.org
blue    bob@example.net
white   carol@example.com
orange  dave@example.org
PLAYERS

# Each seat's password, mailed to its player alone; the referee keeps only their hashes.
catan-referee --passwords game.json players outbox >/dev/null
password_of() { # password_of ADDRESS: what that player reads in their mail (its text part)
	sed -n 's/^  password //p' $(grep -l "^To: $1\$" outbox/*.eml) | head -n 1
}
id_of() { # id_of ADDRESS: the Message-ID of the newest mail to ADDRESS, which a reply names
	sed -n 's/^Message-ID: //p' $(ls -t $(grep -l "^To: $1\$" outbox/*.eml) | head -n 1)
}
alice=$(password_of alice@example.org) bob=$(password_of bob@example.net)
alice_id=$(id_of alice@example.org) bob_id=$(id_of bob@example.net)
echo "passwords mailed: $(ls outbox | wc -l)"
mv outbox/* sent/

# Alice (red, first to move) rolls, in a reply to the mail that gave her the password: every
# player gets what they may see of it.
catan-referee game.json players outbox <<MAIL
From: Alice <alice@example.org>
To: referee@example.org
Subject: Re: my password
Message-ID: <turn1@example.org>
In-Reply-To: $alice_id
Content-Type: text/plain; charset=us-ascii

roll
password $alice
MAIL
echo "after Alice's mail: $(ls outbox | wc -l) replies, the game's log: $(jq -c .log game.json)"
for f in outbox/*; do
	sed -n 's/^To: /  to /p' "$f"
done
rm -f outbox/*

# Someone writing as Alice, without her password: nothing is played, and only Alice hears.
catan-referee game.json players outbox <<'MAIL'
From: Alice <alice@example.org>
To: referee@example.org
Subject: end
Message-ID: <forged@example.com>

end
MAIL
echo "after the forged mail: $(ls outbox | wc -l) reply, $(sed -n 's/^To: /to /p' outbox/*)"
rm -f outbox/*

# Bob (blue) plays out of turn: only Bob is answered, and nothing is played.
catan-referee game.json players outbox <<MAIL
From: Bob <BOB@example.net>
To: referee@example.org
Subject: me
Message-ID: <early@example.net>
In-Reply-To: $bob_id

roll
password $bob
MAIL
echo "after Bob's mail: $(ls outbox | wc -l) reply, the game's log: $(jq -c .log game.json)"
grep -m1 '^Move 1 of your mail (line 1) was refused:$' outbox/*
