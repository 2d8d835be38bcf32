# Bad input exits 2 with a message naming the problem (file, JSON path).
. tests/lib.sh

expect_rc 2 "$GMEM" frobnicate
expect_out "unknown command 'frobnicate'"
expect_rc 2 "$GMEM"
expect_rc 2 "$GMEM" block-params nosuchblock
expect_out "unknown block 'nosuchblock'"
expect_rc 2 "$GMEM" block-params milg --format yaml
expect_out "unknown format 'yaml'"
expect_rc 2 "$GMEM" cosim milg
expect_out "pure-C build"
expect_rc 2 "$GMEM_COSIM" cosim nosuchblock
expect_out "unknown block 'nosuchblock' \(blocks: .*milg"
expect_rc 2 "$GMEM_COSIM" cosim milg --cycles ten
expect_out "--cycles expects a non-negative integer, got 'ten'"
expect_rc 2 "$GMEM_COSIM" cosim milg --cycles
expect_out "--cycles needs a value"
expect_rc 2 "$GMEM_COSIM" cosim milg --frob 1
expect_out "unknown option '--frob'"
expect_rc 2 "$GMEM_COSIM" cosim milg --frob
expect_out "unknown option '--frob'"
expect_rc 2 "$GMEM_COSIM" replay x.gmpt --frob
expect_out "replay: unknown option '--frob'"
expect_rc 2 "$GMEM_COSIM" replay x.gmpt --window
expect_out "replay: --window needs a value"
expect_rc 2 "$GMEM_COSIM" cosim milg --stim nosuch
expect_out "no stimulus 'nosuch'"
expect_rc 2 "$GMEM_COSIM" cosim milg --point nosuch
expect_out "no parameter point named nosuch"

# Parameter-point files: a misspelled key, a wrong type, an out-of-range
# value, broken JSON, an inconsistent combination.
mkdir -p "$TMP/configs/blocks/milg"
bad=$TMP/configs/blocks/milg/default.json
echo '{"params": {"ZERO_MOD": 1}}' > "$bad"
expect_rc 2 "$GMEM" block-params milg "$bad"
expect_out "default.json: \\\$.params.ZERO_MOD: unknown parameter of block milg \(expected one of: ZERO_MODE, MIL_MAX\)"
GMEM_HOME=$TMP expect_rc 2 "$GMEM_COSIM" cosim milg --cycles 10
expect_out "\\\$.params.ZERO_MOD: unknown parameter"
echo '{"params": {"ZERO_MODE": "yes"}}' > "$bad"
expect_rc 2 "$GMEM" block-params milg "$bad"
expect_out "\\\$.params.ZERO_MODE: expected an integer in 0..1"
echo '{"params": {"MIL_MAX": 200}}' > "$bad"
expect_rc 2 "$GMEM" block-params milg "$bad"
expect_out "\\\$.params.MIL_MAX: 200 is out of range, expected 1..127"
printf '{"params": {\n  "MIL_MAX": 12,\n  "ZERO_MODE": }\n}\n' > "$bad"
expect_rc 2 "$GMEM" block-params milg "$bad"
expect_out "default.json:3:16: invalid JSON"
echo '{"doc": "x", "parms": {}}' > "$bad"
expect_rc 2 "$GMEM" block-params milg "$bad"
expect_out "\\\$.parms: unknown key \(expected one of: doc, params\)"
echo '{"params": {"SB": 5, "IPOLY_POLY": 67}}' > "$bad"
expect_rc 2 "$GMEM" block-params set_hash "$bad"
expect_out "IPOLY_POLY=0x43 must have degree SB=5"
expect_rc 2 "$GMEM" block-params milg "$TMP/missing.json"
expect_out "missing.json: cannot open"
exit 0
