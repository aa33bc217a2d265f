;; LOOP: iteration, accumulation and destructuring in one form.
(loop for (name . score) in '(("ann" . 91) ("bob" . 78) ("cy" . 85) ("di" . 62))
      for i from 1
      when (>= score 80)
        collect name into passed
      sum score into total
      maximize score into best
      finally (return (list :passed passed
                            :average (/ total i)
                            :best best)))
