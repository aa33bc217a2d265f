;; DIV2 (iterative): halving a list of 200 elements by a DO loop that keeps
;; every other cell.
(defun make-halvable (n)
  (let ((l '())) (dotimes (i n l) (push '() l))))
(defun halve-iterative (l)
  (do ((rest l (cddr rest))
       (acc '() (cons (car rest) acc)))
      ((null rest) acc)))
(let ((l (make-halvable 200)) (total 0))
  (dotimes (i 10000)
    (setq total (+ total (length (halve-iterative l)) (length (halve-iterative l)))))
  (format t "div2-iter ~a~%" total))
