;; A LOOP-heavy numeric kernel: nested loops with accumulation clauses.
(defun kernel (n)
  (loop for i from 1 to n
        sum (loop for j from 1 to 100
                  when (zerop (mod (+ i j) 3)) sum (* i j) into s
                  finally (return s))))
(format t "loop ~a~%" (loop repeat 20 sum (kernel 500)))
