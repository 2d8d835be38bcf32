# REPRODUCTION.md cannot drift from the numbers: every verdict it writes (a
# line "verdict FIG VARIANT/WORKLOAD: gmem G, seed S, gain ratio Q;
# direction right|wrong; within 2x yes|no") must be the one computed here
# from the committed results/FIG.json, every headline of every committed
# figure must have its line, and every experiment file its results. The
# JSON's own verdicts are recomputed from its values, and the figure's
# table (results/FIG.md) must carry the same lines.
. tests/lib.sh
command -v jq >/dev/null || fail "jq is needed (scripts/deps.sh reproduce)"
doc=REPRODUCTION.md
[ -f "$doc" ] || fail "no $doc"
f2() { LC_ALL=C printf '%.2f' "$1"; }

expected=$TMP/expected
: >"$expected"
n=0
for e in experiments/*/*.json; do
  fig=$(jq -r .figure "$e")
  r=results/$fig.json
  [ -f "$r" ] || fail "$e has no committed results ($r)"
  [ -f "results/$fig.md" ] && [ -f "results/$fig.png" ] || fail "$fig: results/$fig.md or .png missing"
  file "results/$fig.png" | grep -q 'PNG image data' || fail "results/$fig.png is not a PNG"
  grep -q "results/$fig.png" "$doc" || fail "$doc does not show results/$fig.png"
  # The results belong to this experiment: the same headlines and seed values.
  [ "$(jq -c '[.headline[] | {variant, workload}]' "$e")" = "$(jq -c '[.headline[] | {variant, workload}]' "$r")" ] ||
    fail "$r: headlines differ from $e (rerun scripts/reproduce $fig)"
  [ "$(jq -cS .seed_values "$e")" = "$(jq -cS .seed_values "$r")" ] ||
    fail "$r: seed values differ from $e (rerun scripts/reproduce $fig)"
  while IFS=$'\t' read -r v w g s q dm w2 nv; do
    # the headline's gmem value is the normalized value it names
    [ "$g" = "$nv" ] || fail "$fig $v/$w: headline gmem $g is not normalized[$v][$w] $nv"
    want_q=$(awk -v g="$g" -v s="$s" 'BEGIN { printf "%.12g", (g - 1) / (s - 1) }')
    awk -v a="$q" -v b="$want_q" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }' ||
      fail "$fig $v/$w: gain ratio $q, but (gmem - 1) / (seed - 1) = $want_q"
    want_dm=$(awk -v q="$q" 'BEGIN { print (q > 0) ? "true" : "false" }')
    want_w2=$(awk -v q="$q" 'BEGIN { print (q >= 0.5 && q <= 2) ? "true" : "false" }')
    [ "$dm" = "$want_dm" ] || fail "$fig $v/$w: direction_matches $dm, gain ratio $q"
    [ "$w2" = "$want_w2" ] || fail "$fig $v/$w: within_2x $w2, gain ratio $q"
    line="verdict $fig $v/$w: gmem $(f2 "$g"), seed $(f2 "$s"), gain ratio $(f2 "$q"); direction $([ "$dm" = true ] && echo right || echo wrong); within 2x $([ "$w2" = true ] && echo yes || echo no)"
    echo "$line" >>"$expected"
    grep -qxF -- "$line" "results/$fig.md" || fail "results/$fig.md lacks: $line"
    grep -qF -- "$line" "$doc" || fail "$doc lacks (or states otherwise): $line"
    n=$((n + 1))
  done < <(jq -r '.headline[] as $h | [$h.variant, $h.workload, $h.gmem, $h.seed, $h.gain_ratio,
                  $h.verdict.direction_matches, $h.verdict.within_2x, .normalized[$h.variant][$h.workload]] | @tsv' "$r")
done
[ "$n" -gt 0 ] || fail "no headline in results/*.json"
# Every verdict line of REPRODUCTION.md is one computed above.
bad=0
while IFS= read -r l; do
  l=$(echo "$l" | sed 's/^[[:space:]>*-]*//; s/[[:space:]]*$//')
  grep -qxF -- "$l" "$expected" || { echo "stale or wrong verdict in $doc: $l" >&2; bad=1; }
done < <(grep -E '^[[:space:]>*-]*verdict ' "$doc")
[ $bad = 0 ] || fail "$doc states verdicts the results do not give"
# The summary's counts are the results' counts.
right=$(grep -c ' direction right; ' "$expected")
w2=$(grep -c '; within 2x yes$' "$expected")
tr '\n' ' ' <"$doc" | grep -qF "Summary, all $n headlines: the direction is right in $right; the gain is within 2× of the seed's in $w2." ||
  fail "$doc: the summary should read \"Summary, all $n headlines: the direction is right in $right; the gain is within 2× of the seed's in $w2.\""
echo "$n verdicts of $doc checked against results/*.json"
exit 0
