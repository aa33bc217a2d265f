;; TAKR: TAK spread over 100 functions that call each other, so that calls
;; do not stay in one small piece of code.
(defmacro define-tak-ring (n)
  (flet ((name (i) (intern (format nil "TAKR-~D" (mod i n)))))
    `(progn
       ,@(loop for i below n
               collect `(defun ,(name i) (x y z)
                          (if (not (< y x))
                              z
                              (,(name (+ (* i 7) 1))
                               (,(name (+ (* i 3) 11)) (1- x) y z)
                               (,(name (+ (* i 13) 29)) (1- y) z x)
                               (,(name (+ (* i 17) 53)) (1- z) x y))))))))
(define-tak-ring 100)
(let ((s 0))
  (dotimes (i 100) (setq s (+ s (takr-0 18 12 6))))
  (format t "takr ~a~%" s))
