# A configuration either gives every field or names what it builds on
# ("base": a shipped name, or a path relative to its own directory) and
# gives what differs; a left-out field, a base that is missing, a cycle, a
# chain too deep or a base that is not a string exit 2 naming the file and
# the JSON path. A plug-in section whose enable defaults to false may be
# left out (the mechanism off).
. tests/lib.sh
T=$TMP
"$GMEM" run --config fermi-gtx480 --print-config > "$T/fermi.json" || fail "print-config"

# a shipped name: the shipped config with the file's values on top
printf '{"base": "fermi-gtx480", "name": "mine", "l1d": {"c": {"ways": 8}}}\n' > "$T/mine.json"
expect_rc 0 "$GMEM" run --config "$T/mine.json" --print-config
echo "$OUT" > "$T/mine.out"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --set name=mine --set l1d.c.ways=8 --print-config
[ "$OUT" = "$(cat "$T/mine.out")" ] || fail "base + values differs from the base + --set"
grep -q '"base"' "$T/mine.out" && fail "--print-config printed the base: $(cat "$T/mine.out")"
# ... and what it prints gives every field: it loads back to itself
expect_rc 0 "$GMEM" run --config "$T/mine.out" --print-config
[ "$OUT" = "$(cat "$T/mine.out")" ] || fail "the printed config does not resolve to itself"
# --set goes on top of the whole chain
expect_rc 0 "$GMEM" run --config "$T/mine.json" --set l1d.c.ways=16 --print-config
echo "$OUT" | grep -q '"ways":	16' || fail "--set on a derived config: $OUT"

# a path, relative to the naming file's directory, from any directory;
# a chain of three
mkdir -p "$T/a/b"
cp "$T/fermi.json" "$T/a/root.json"
printf '{"base": "../root.json", "sm": {"count": 4}}\n' > "$T/a/b/mid.json"
printf '{"base": "b/mid.json", "name": "top", "l2": {"channels": 4}}\n' > "$T/a/top.json"
expect_rc 0 bash -c "cd / && '$GMEM' run --config '$T/a/top.json' --print-config > '$T/top.out'"
expect_rc 0 "$GMEM" stats-get "$T/top.out" name sm.count l2.channels l1d.c.ways
[ "$OUT" = "$(printf 'top\n4\n4\n4')" ] || fail "a chain of three: $OUT"
# an absolute path
printf '{"base": "%s", "name": "abs"}\n' "$T/a/root.json" > "$T/abs.json"
expect_rc 0 "$GMEM" run --config "$T/abs.json" --print-config
expect_out '"name":	"abs"'
# the shipped derived configs state what differs only
expect_rc 0 "$GMEM" run --config fermi-gtx480-mdb --print-config
echo "$OUT" > "$T/mdb.out"
expect_rc 0 "$GMEM" run --config fermi-gtx480 --set bpg.enable=true --set name=fermi-gtx480-mdb \
  --print-config
[ "$OUT" = "$(cat "$T/mdb.out")" ] || fail "fermi-gtx480-mdb is not fermi-gtx480 with MDB"

# a config without a base gives every field
sed '/^\t"sm":/,/^\t},/d' "$T/fermi.json" > "$T/nosm.json"
expect_rc 2 "$GMEM" run --config "$T/nosm.json" --workload atax
expect_out "^gmem: $T/nosm.json: \\\$.sm: missing: a configuration gives every field, or names the one it builds on with \"base\""
sed '0,/"xor_shift"/{/"xor_shift"/d}' "$T/fermi.json" > "$T/noxor.json"
expect_rc 2 "$GMEM" run --config "$T/noxor.json" --print-config
expect_out "noxor.json: \\\$.l1d.c.xor_shift: missing"
printf '{}\n' > "$T/empty.json"
expect_rc 2 "$GMEM" run --config "$T/empty.json" --print-config
expect_out "empty.json: \\\$.name: missing"
# a plug-in section may be left out (the mechanism off), but one that is
# given gives every field
grep -q '"milg"' configs/fermi-gtx480.json && fail "fermi-gtx480.json has a milg section"
sed '/^\t"milg":/,/^\t}/{/"zero_mode"/d}' "$T/fermi.json" > "$T/milg.json"
expect_rc 2 "$GMEM" run --config "$T/milg.json" --print-config
expect_out "milg.json: \\\$.milg.zero_mode: missing"
# an unknown key or a bad value in the root is named before what is missing
printf '{"name": "x", "sm": {"count": 0}}\n' > "$T/bad.json"
expect_rc 2 "$GMEM" run --config "$T/bad.json" --print-config
expect_out "bad.json: \\\$.sm.count: 0 is out of range"
# an error in a base names the base's file
sed 's/"count":\t15/"count":\t999/' "$T/fermi.json" > "$T/a/root.json"
expect_rc 2 "$GMEM" run --config "$T/a/top.json" --print-config
expect_out "^gmem: $T/a/b/../root.json: \\\$.sm.count: 999 is out of range"
cp "$T/fermi.json" "$T/a/root.json"

# a base that names nothing
printf '{"base": "no-such-config"}\n' > "$T/nobase.json"
expect_rc 2 "$GMEM" run --config "$T/nobase.json" --workload atax
expect_out "^gmem: $T/nobase.json: \\\$.base: \"no-such-config\": no shipped configuration of that name"
printf '{"base": "./nowhere.json"}\n' > "$T/nofile.json"
expect_rc 2 "$GMEM" run --config "$T/nofile.json" --workload atax
expect_out "^gmem: $T/nofile.json: \\\$.base: \"./nowhere.json\": no such file \\($T/./nowhere.json"
printf '{"base": "a"}\n' > "$T/dir.json"
expect_rc 2 "$GMEM" run --config "$T/dir.json" --print-config
expect_out "no shipped configuration"
printf '{"base": "./a"}\n' > "$T/dir.json"
expect_rc 2 "$GMEM" run --config "$T/dir.json" --print-config
expect_out "$T/./a: is a directory"
# a cycle: itself, and through another file
printf '{"base": "self.json"}\n' > "$T/self.json"
expect_rc 2 "$GMEM" run --config "$T/self.json" --print-config
expect_out "^gmem: $T/self.json: \\\$.base: \"self.json\" closes a cycle \\($T/self.json -> $T/self.json\\)"
printf '{"base": "c2.json"}\n' > "$T/c1.json"
printf '{"name": "x", "base": "./c1.json"}\n' > "$T/c2.json"
expect_rc 2 "$GMEM" run --config "$T/c1.json" --print-config
expect_out "^gmem: $T/c2.json: \\\$.base: \"./c1.json\" closes a cycle \\($T/c1.json -> $T/c2.json -> $T/./c1.json\\)"
# a chain of 8 bases is allowed, 9 are too deep
cp "$T/fermi.json" "$T/d0.json"
for i in 1 2 3 4 5 6 7 8 9; do
  printf '{"base": "d%d.json", "name": "d%d"}\n' $((i - 1)) $i > "$T/d$i.json"
done
expect_rc 0 "$GMEM" run --config "$T/d8.json" --print-config
expect_out '"name":	"d8"'
expect_rc 2 "$GMEM" run --config "$T/d9.json" --print-config
expect_out "^gmem: $T/d1.json: \\\$.base: more than 8 bases deep \\($T/d9.json -> .* -> $T/d1.json -> d0.json\\)"
# a base that is not a string, an empty one, two of them
for v in 5 null '["fermi-gtx480"]' '{"name": "fermi-gtx480"}' '""' true; do
  printf '{"base": %s}\n' "$v" > "$T/type.json"
  expect_rc 2 "$GMEM" run --config "$T/type.json" --workload atax
  expect_out "^gmem: $T/type.json: \\\$.base: expected a string: the name of a shipped configuration"
done
printf '{"base": "fermi-gtx480", "base": "default"}\n' > "$T/two.json"
expect_rc 2 "$GMEM" run --config "$T/two.json" --print-config
expect_out "two.json: \\\$.base: duplicate key"
# "base" is a key of a configuration's top only
printf '{"base": "fermi-gtx480", "sm": {"base": "default"}}\n' > "$T/deep.json"
expect_rc 2 "$GMEM" run --config "$T/deep.json" --print-config
expect_out "deep.json: \\\$.sm.base: unknown key"
# and it is not a --set path
expect_rc 2 "$GMEM" run --set base=default --print-config
expect_out "--set base=default: \\\$.base: unknown key"
exit 0
