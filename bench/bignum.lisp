;; Bignum factorial and digit sum.
(defun fact (n) (let ((r 1)) (loop for i from 2 to n do (setq r (* r i))) r))
(let ((f (fact 20000)))
  (format t "bignum ~a ~a~%" (integer-length f) (mod f 1000000007)))
