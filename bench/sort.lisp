;; Sort 1,000,000 fixnums from a linear congruential generator.
(let ((v (make-array 1000000)) (x 12345))
  (dotimes (i 1000000)
    (setq x (mod (+ (* x 1103515245) 12345) 2147483648))
    (setf (aref v i) x))
  (let ((s (sort v #'<)))
    (format t "sort ~a ~a ~a~%" (aref s 0) (aref s 500000) (aref s 999999))))
