package mcp_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// The "Done when": the xref, inspect and describe tools answer on a
// multi-file system, loaded with load-system as an agent loads one.
func TestIntrospectionOnLoadedSystem(t *testing.T) {
	dir := writeXrefSystem(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shop.asd"), []byte(
		`(defsystem "shop" :version "1.0.0" :serial t :components ((:file "shop") (:file "cart")))`), 0o644))
	c := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{dir}}))
	res := call(t, c, "load-system", map[string]any{"system": "shop"})
	require.False(t, res.IsError, text(t, res))
	cart := filepath.Join(dir, "cart.lisp")

	assert.Equal(t, "TOTAL-WITH-TAX ("+cart+":4)",
		text(t, call(t, c, "who-calls", map[string]any{"symbol": "total", "package": "shop"})))
	assert.Equal(t, "SET-TAX ("+cart+":6)",
		text(t, call(t, c, "who-sets", map[string]any{"symbol": "*tax*", "package": "shop"})))
	desc := text(t, call(t, c, "describe-symbol", map[string]any{"symbol": "shop::price"}))
	assert.Contains(t, desc, "function: "+filepath.Join(dir, "shop.lisp")+":6")
	out := inspect(t, c, map[string]any{"expression": "#'shop::total-with-tax"})
	assert.Contains(t, out, "Name: SHOP::TOTAL-WITH-TAX")
	assert.Contains(t, out, "Source: "+cart+":4")
}
