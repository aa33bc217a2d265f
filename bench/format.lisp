;; A FORMAT-heavy report: tables with padding, numbers in several radixes, plurals and floats.
(let ((total 0))
  (dotimes (k 3000)
    (let ((s (with-output-to-string (out)
               (format out "~&Report ~d~%" k)
               (dotimes (i 20)
                 (format out "~5d | ~8,2f | ~:d | ~x | ~r item~:p | ~a~%"
                         i (/ (* i k) 7.0) (* i 12345) (* i k) i (if (evenp i) "even" "odd"))))))
      (setq total (+ total (length s)))))
  (format t "format ~a~%" total))
