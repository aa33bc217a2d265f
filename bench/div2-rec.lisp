;; DIV2 (recursive): halving a list of 200 elements by a recursion that
;; keeps every other cell.
(defun make-halvable (n)
  (let ((l '())) (dotimes (i n l) (push '() l))))
(defun halve-recursive (l)
  (if (null l) '() (cons (car l) (halve-recursive (cddr l)))))
(let ((l (make-halvable 200)) (total 0))
  (dotimes (i 10000)
    (setq total (+ total (length (halve-recursive l)) (length (halve-recursive l)))))
  (format t "div2-rec ~a~%" total))
