package eval

// Exported for the tests of package eval_test.
var (
	SplitTopLevel = splitTopLevel
	KeywordsIn    = keywordsIn
	PreludeSource = preludeSource
)
