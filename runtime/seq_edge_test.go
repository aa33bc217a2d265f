package runtime_test

import "testing"

// Expectations from SBCL.

func TestSequenceEdgeCases(t *testing.T) {
	runEvalCases(t, []evalCase{
		{`(reverse nil)`, "NIL"},
		{`(nreverse nil)`, "NIL"},
		{`(concatenate 'string)`, `""`},
		{`(subseq nil 0)`, "NIL"},
		{`(sort nil 'lt)`, "NIL"},
		{`(remove-duplicates nil)`, "NIL"},
		{`(delete 1 nil)`, "NIL"},
		{`(search "a" nil)`, "NIL"},
		{`(search nil nil)`, "0"},
		{`(mismatch nil nil)`, "NIL"},
		{`(every 'odd nil)`, "T"},
		{`(some 'odd nil)`, "NIL"},
		{`(reduce 'plus #(1 2 3))`, "6"},
		{`(string-capitalize "don't")`, `"Don'T"`},
		{`(map 'list 'lst "ab" '(1 2 3))`, `((#\a 1) (#\b 2))`},
		{`(count nil '(1 nil nil))`, "2"},
		{`(position nil '(1 nil))`, "1"},
		{`(substitute 'x nil '(1 nil))`, "(1 X)"},
		{`(fill nil 1)`, "NIL"},
		{`(replace nil '(1))`, "NIL"},
		{`(merge 'list nil nil 'lt)`, "NIL"},
		{`(length (make-array 5 :fill-pointer 2))`, "2"},
		{`(copy-seq "")`, `""`},
		{`(elt nil 0)`, "!SIMPLE-TYPE-ERROR"},
		{`(remove #\a (make-array 3 :element-type 'character :displaced-to "xay"))`, `"xy"`},
		{`(find-if 'odd (make-array '(2 2)))`, "!TYPE-ERROR"},
		{`(sort (make-array 5 :fill-pointer 3 :initial-contents '(5 4 3 2 1)) 'lt)`, "#(3 4 5)"},
		{`(stable-sort (copy-seq "hello") 'char>)`, `"ollhe"`},
		{`(sort (copy-seq #*1010) 'lt)`, "#*0011"},
		{`(coerce '(1 0) 'bit-vector)`, "#*10"},
		{`(string-trim "" "")`, `""`},
		{`(string< "" "")`, "NIL"},
		{`(string<= "" "")`, "0"},
	})
}
