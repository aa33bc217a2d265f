;; Output appears while the program runs: each line is printed, then the
;; program works for a while before the next one.
(defun slow-fib (n)
  (if (< n 2) n (+ (slow-fib (- n 1)) (slow-fib (- n 2)))))

(loop for n from 10 to 24 by 2
      do (format t "fib(~d) = ~d~%" n (slow-fib n))
         (finish-output))
:done
