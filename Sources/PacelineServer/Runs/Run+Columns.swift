import Fluent

extension QueryBuilder where Model == Run {
    /// Selects every column but the track, for lists that show statistics only (a track
    /// blob is kilobytes; a page of runs needs none of them). Reading `track` from a run
    /// fetched this way is a programming error.
    func withoutTrack() -> Self {
        field(\.$id).field(\.$owner.$id).field(\.$name).field(\.$sport).field(\.$privacy).field(\.$format)
            .field(\.$idempotencyKey).field(\.$startTime).field(\.$endTime).field(\.$points).field(\.$distanceMeters)
            .field(\.$gpsDistanceMeters).field(\.$creditedDistanceMeters).field(\.$tooFastMeters).field(\.$untimedMeters)
            .field(\.$elapsedSeconds).field(\.$movingSeconds).field(\.$ascentMeters).field(\.$descentMeters)
            .field(\.$maxSpeed).field(\.$averagePace).field(\.$calories).field(\.$splits).field(\.$bestEfforts)
            .field(\.$startLatitude).field(\.$startLongitude).field(\.$route.$id).field(\.$utcOffsetSeconds).field(\.$createdAt).field(\.$updatedAt)
            .field(\.$deletedAt).field(\.$steps).field(\.$stepsEstimated).field(\.$description)
            .field(\.$sensors).field(\.$gearID).field(\.$trainingLoad).field(\.$trainingLoadSource)
            .field(\.$newRecords).field(\.$originalID).field(\.$originalActivity).field(\.$commentsClosed)
    }
}
