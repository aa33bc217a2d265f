package runtime

import "math"

// pow is x^y in double precision.
func pow(x, y float64) float64 { return math.Pow(x, y) }
