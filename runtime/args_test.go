package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	rt "github.com/golem-lisp/golem/runtime"
)

// TestParseKeysAllowOtherKeys: only the leftmost :ALLOW-OTHER-KEYS decides
// whether unknown keywords are accepted (CLHS 3.4.1.4.1).
func TestParseKeysAllowOtherKeys(t *testing.T) {
	tests := []struct {
		name, args string
		wantErr    bool
		wantA      rt.Value
	}{
		{"unknown key", "(:foo 1)", true, nil},
		{"allowed", "(:allow-other-keys t :foo 1)", false, nil},
		{"leftmost nil wins", "(:allow-other-keys nil :allow-other-keys t :foo 1)", true, nil},
		{"leftmost t wins", "(:allow-other-keys t :allow-other-keys nil :foo 1 :a 2)", false, rt.MakeInt(2)},
		{"allow nil alone", "(:allow-other-keys nil :a 1 :a 3)", false, rt.MakeInt(1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newLispEnv()
			var got []rt.Value
			c := e.condition(func() { got = e.th.ParseKeys(rt.ListToSlice(e.read(tc.args)), "A") })
			if tc.wantErr {
				if assert.NotNil(t, c) {
					assert.Equal(t, "SIMPLE-PROGRAM-ERROR", c.Class.Name.Name)
				}
				return
			}
			assert.Nil(t, c)
			assert.Equal(t, tc.wantA, got[0])
		})
	}
}
