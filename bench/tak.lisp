(defun tak (x y z)
  (if (not (< y x)) z
      (tak (tak (1- x) y z) (tak (1- y) z x) (tak (1- z) x y))))
(let ((s 0)) (dotimes (i 50) (setq s (+ s (tak 18 12 6)))) (format t "tak ~a~%" s))
